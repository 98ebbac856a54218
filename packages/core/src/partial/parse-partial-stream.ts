/**
 * Partial parsing over a stream: any (async) iterable of text or bytes — a fetch body, a Node
 * stream, a model SDK's text deltas, a plain async generator — read through a partial parser,
 * one partial result per chunk and a last one when the stream ends.
 */
import type { AnySchema, Contract } from '../contract/contract.js';
import { createPartialParser, type PartialParserOptions } from './partial-parser.js';
import type { PartialParseResult } from './partial-result.js';

/** A chunk of a stream: text, or UTF-8 bytes (decoded across chunk boundaries). */
export type StreamChunk = string | Uint8Array;

/**
 * The partial results of a stream of model text: one after each chunk, and the final one after
 * the stream ends (`complete` says whether the whole answer arrived). Each result is computed
 * when read, so a consumer that skips some pays only for those it reads.
 *
 * @example
 * async function* deltas() { yield '{"title": "Fix'; yield ' login", "done": tr'; yield 'ue}'; }
 * for await (const result of parsePartialStream(deltas(), z.object({ title: z.string(), done: z.boolean() }))) {
 *   if (result.success) render(result.data); // { title: 'Fix' }, { title: 'Fix login' }, { title: 'Fix login', done: true }, …
 * }
 */
export async function* parsePartialStream<T>(
  chunks: AsyncIterable<StreamChunk> | Iterable<StreamChunk>,
  contract: Contract<T> | AnySchema<T>,
  options: PartialParserOptions = {},
): AsyncGenerator<PartialParseResult<T>, void, undefined> {
  const parser = createPartialParser(contract, options);
  const decoder = new TextDecoder();
  for await (const chunk of chunks) {
    yield parser.push(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  }
  const rest = decoder.decode();
  if (rest !== '') parser.push(rest);
  yield parser.end();
}
