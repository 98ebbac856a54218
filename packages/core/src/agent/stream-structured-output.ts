/**
 * `streamStructuredOutput`: an agent's reply consumed as it streams. Each chunk gives a partial
 * result (docs/streaming.md) for a caller to render; when the stream ends, the whole text goes
 * through the same `extractStructuredOutput` as a reply that arrived at once, so the final
 * result, its repairs and its failure class do not depend on how the reply was delivered.
 */
import type { AnySchema, Contract } from '../contract/contract.js';
import { createPartialParser, type PartialParserOptions } from '../partial/partial-parser.js';
import type { PartialParseResult } from '../partial/partial-result.js';
import type { ParseResult } from '../types.js';
import { extractStructuredOutput, type ExtractionOptions } from './extract-structured-output.js';

/** One step of a streamed reply: a partial result after a chunk, then the final parse of the whole text. */
export type AgentStreamEvent<T> =
  | { type: 'partial'; result: PartialParseResult<T> }
  | { type: 'final'; text: string; result: ParseResult<T> };

/** The partial parser's share of the extraction options. */
function partialOptions(options: ExtractionOptions): PartialParserOptions {
  const { partial, context, repair, maxDepth, maxLength } = options;
  return {
    ...(typeof partial === 'object' && partial.keep !== undefined && { keep: partial.keep }),
    ...(context !== undefined && { context }),
    ...(repair !== undefined && { repair }),
    ...(maxDepth !== undefined && { maxDepth }),
    ...(maxLength !== undefined && { maxLength }),
  };
}

/**
 * Reads a streamed agent reply: yields a `partial` event per chunk, then one `final` event with
 * the whole text and `extractStructuredOutput`'s result for it (the output block preferred, all
 * repairs available). `options.partial` sets only what the partial results keep (`keep`); the
 * final parse reads the text whole. An error of the stream itself propagates, with no final event.
 *
 * @example
 * const schema = z.object({ verdict: z.enum(['approve', 'reject']), notes: z.string() });
 * for await (const event of streamStructuredOutput(modelDeltas, schema)) {
 *   if (event.type === 'partial' && event.result.success) render(event.result.data); // { notes: 'Lo' }, …
 *   if (event.type === 'final') return event.result; // as extractStructuredOutput(wholeText, schema)
 * }
 */
export async function* streamStructuredOutput<T>(
  chunks: AsyncIterable<string> | Iterable<string>,
  schema: Contract<T> | AnySchema<T>,
  options: ExtractionOptions = {},
): AsyncGenerator<AgentStreamEvent<T>, void, undefined> {
  const parser = createPartialParser(schema, partialOptions(options));
  // Kept as pieces and joined once: the final parse needs the whole text, in linear time.
  const pieces: string[] = [];
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : String(chunk);
    pieces.push(text);
    yield { type: 'partial', result: parser.push(text) };
  }
  const text = pieces.join('');
  const { partial: _partial, ...whole } = options;
  yield { type: 'final', text, result: extractStructuredOutput(text, schema, whole) };
}
