/**
 * The partial-output hook of {@link objectOutput}: during `streamText` the SDK hands its
 * output the whole text received so far after every delta. Airlock's incremental parser reads
 * only the part it has not seen, so a stream costs one read of its text (plus one
 * normalization of the value per delta, which the SDK asks for anyway), and each partial value
 * is normalized by the contract and valid so far, where the SDK's own reader shows whatever
 * JSON it can close, unvalidated.
 */
import { createPartialParser, type AnySchema, type Contract, type PartialParser, type PartialParseResult, type PartialParserOptions } from '@airlock/core';

/** Reads the SDK's growing text; returns the latest partial result. */
export type PartialOutputReader<T> = (text: string) => PartialParseResult<T>;

/**
 * A reader of the texts one stream grows to. A text that does not extend the previous one
 * (a new step, a new call through the same output object, two streams at once) starts a
 * fresh parser: the result is always the partial parse of the text given.
 *
 * @example
 * const read = partialOutputReader(z.object({ title: z.string() }), {});
 * read('{"title": "Fix');          // data: { title: 'Fix' }, complete: false
 * read('{"title": "Fix login"}');  // reads only 'login"}'; data: { title: 'Fix login' }, complete: true
 */
export function partialOutputReader<T>(schema: Contract<T> | AnySchema<T>, options: PartialParserOptions): PartialOutputReader<T> {
  let parser: PartialParser<T> = createPartialParser(schema, options);
  let seen = '';
  return (text) => {
    // startsWith is a memory compare; the SDK already stringifies every partial value it gets.
    if (!text.startsWith(seen)) {
      parser = createPartialParser(schema, options);
      seen = '';
    }
    const result = parser.push(text.slice(seen.length));
    seen = text;
    return result;
  };
}
