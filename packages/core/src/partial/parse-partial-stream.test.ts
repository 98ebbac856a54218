import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parsePartialStream } from './parse-partial-stream.js';
import type { PartialParseResult } from './partial-result.js';

const task = z.object({ title: z.string(), done: z.boolean() });

async function collect<T>(results: AsyncIterable<PartialParseResult<T>>): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const result of results) out.push(result.success ? result.data : `refused (${result.failure})`);
  return out;
}

describe('parsePartialStream', () => {
  it('yields a partial result per chunk of a plain async iterable, then the final one', async () => {
    async function* deltas(): AsyncGenerator<string> {
      yield 'Sure: {"title": "Fix';
      yield ' login", "done": tr';
      yield 'ue}';
    }
    expect(await collect(parsePartialStream(deltas(), task))).toEqual([{ title: 'Fix' }, { title: 'Fix login' }, { title: 'Fix login', done: true }, { title: 'Fix login', done: true }]);
  });

  it('decodes UTF-8 bytes split inside a character', async () => {
    const bytes = new TextEncoder().encode('{"title": "café ☕", "done": false}');
    const cut = bytes.indexOf(0xe2) + 1; // inside the three bytes of ☕
    const results: PartialParseResult<unknown>[] = [];
    for await (const result of parsePartialStream([bytes.slice(0, cut), bytes.slice(cut)], task)) results.push(result);
    expect(results[0]!.success && results[0]!.data).toEqual({ title: 'café ' });
    expect(results[2]!.success && results[2]!.complete && results[2]!.data).toEqual({ title: 'café ☕', done: false });
  });

  it('ends with the verdict on an answer cut short', async () => {
    const results: PartialParseResult<unknown>[] = [];
    for await (const result of parsePartialStream(['{"title": "x"'], task)) results.push(result);
    const last = results[results.length - 1]!;
    expect(last.success && last.complete).toBe(false);
  });
});
