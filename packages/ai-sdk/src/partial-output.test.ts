import { defineContract } from '@airlock/core';
import { Output, simulateReadableStream, streamText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { objectOutput } from './object-output.js';
import { partialOutputReader } from './partial-output.js';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

/** The SDK's mock model streaming exactly these text deltas. */
function streamingModel(deltas: readonly string[]): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: [
          { type: 'stream-start' as const, warnings: [] },
          { type: 'text-start' as const, id: 't' },
          ...deltas.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
          { type: 'text-end' as const, id: 't' },
          { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: 'stop' }, usage },
        ],
      }),
    }),
  });
}

async function partialOutputs(deltas: readonly string[], output: Output.Output): Promise<unknown[]> {
  const result = streamText({ model: streamingModel(deltas), prompt: 'File a ticket.', output });
  const seen: unknown[] = [];
  for await (const partial of result.partialOutputStream) seen.push(partial);
  return seen;
}

const ticket = z.object({ title: z.string(), severity: z.enum(['low', 'high']), tags: z.array(z.string()) });
const DELTAS = ['Sure! ```json\n{"title": "Fix lo', 'gin", "severity": "hi', 'gh", "tags": ["au', 'th"]}\n```'];

describe('objectOutput partial outputs during streamText', () => {
  it('streams Airlock\'s partial values: prose skipped, an enum withheld until whole', async () => {
    expect(await partialOutputs(DELTAS, objectOutput({ schema: ticket }))).toEqual([
      { title: 'Fix lo' },
      { title: 'Fix login' },
      { title: 'Fix login', severity: 'high', tags: ['au'] },
      { title: 'Fix login', severity: 'high', tags: ['auth'] },
    ]);
  });

  it('differs from the SDK\'s own reader, which reads nothing behind prose', async () => {
    const sdk = await partialOutputs(DELTAS, Output.object({ schema: ticket }));
    expect(sdk).toEqual([]);
  });

  it('normalizes partial values by the contract and publishes nothing for a value that fails it', async () => {
    const contract = defineContract({ name: 'ticket', schema: ticket, aliases: { title: ['summary'] } });
    const deltas = ['{"summary": "Fix', ' login", "sev', 'erity": "urgent"', ', "tags": []}'];
    // From the third text on the value fails the contract (severity), so the stream keeps the last valid value.
    expect(await partialOutputs(deltas, objectOutput({ schema: contract }))).toEqual([{ title: 'Fix' }, { title: 'Fix login' }]);
  });

  it('keeps cut-off numbers when asked', async () => {
    const scored = z.object({ score: z.number(), note: z.string() });
    const deltas = ['{"score": 12', '5, "note": "ok"}'];
    expect(await partialOutputs(deltas, objectOutput({ schema: scored }))).toEqual([{}, { score: 125, note: 'ok' }]);
    expect(await partialOutputs(deltas, objectOutput({ schema: scored, partial: { keep: ['number', 'string', 'array', 'object'] } }))).toEqual([{ score: 12 }, { score: 125, note: 'ok' }]);
  });

  it('still repairs the final output and resolves it', async () => {
    const result = streamText({ model: streamingModel(['{"title": "Fix login", ', '"severity": "low", "tags": ["auth",],}']), prompt: 'File a ticket.', output: objectOutput({ schema: ticket }) });
    await result.consumeStream();
    expect(await result.output).toEqual({ title: 'Fix login', severity: 'low', tags: ['auth'] });
  });
});

describe('partialOutputReader', () => {
  it('gives the partial parse of the text given, whether it extends the previous text or not', () => {
    const read = partialOutputReader(ticket, {});
    expect(read('{"title": "Fix').success && read('{"title": "Fix lo')).toMatchObject({ data: { title: 'Fix lo' }, complete: false });
    // A new stream through the same output object starts over.
    expect(read('{"title": "Other"')).toMatchObject({ data: { title: 'Other' }, complete: false });
    expect(read('{"title": "Other", "severity": "low", "tags": []}')).toMatchObject({ complete: true, data: { title: 'Other', severity: 'low', tags: [] } });
  });
});
