import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extractStructuredOutput, type ExtractionOptions } from './extract-structured-output.js';
import { streamStructuredOutput, type AgentStreamEvent } from './stream-structured-output.js';
import { reviewSchema } from './test-support/review-schema.js';

const REPLY = 'Reviewed the diff.\n```cadre-json\n{"verdict": "request_changes", "issues": [{"severity": "major", "message": "Session leak"},]}\n```\n';

async function events<T>(stream: AsyncIterable<AgentStreamEvent<T>>): Promise<AgentStreamEvent<T>[]> {
  const seen: AgentStreamEvent<T>[] = [];
  for await (const event of stream) seen.push(event);
  return seen;
}

/** The reply cut into pieces at the given offsets. */
function cut(text: string, offsets: readonly number[]): string[] {
  const points = [...new Set([0, ...offsets, text.length])].sort((a, b) => a - b);
  return points.slice(1).map((end, k) => text.slice(points[k], end));
}

describe('streamStructuredOutput', () => {
  it('yields a partial result per chunk, then the final parse of the whole reply', async () => {
    async function* deltas(): AsyncGenerator<string> {
      yield 'Reviewed the diff.\n```cadre-json\n{"verdict": "request_changes", "issues": [{"severity": "ma';
      yield 'jor", "message": "Session le';
      yield 'ak"},]}\n```\n';
    }
    const seen = await events(streamStructuredOutput(deltas(), reviewSchema));
    expect(seen.map((e) => e.type)).toEqual(['partial', 'partial', 'partial', 'final']);
    const partials = seen.flatMap((e) => (e.type === 'partial' && e.result.success ? [e.result.data] : []));
    expect(partials).toEqual([
      { verdict: 'request_changes', issues: [{}] },
      { verdict: 'request_changes', issues: [{ severity: 'major', message: 'Session le' }] },
      { verdict: 'request_changes', issues: [{ severity: 'major', message: 'Session leak' }] },
    ]);
    const final = seen.at(-1)!;
    expect(final).toEqual({ type: 'final', text: REPLY, result: extractStructuredOutput(REPLY, reviewSchema) });
    // The block's trailing comma is repaired by the final parse, as for a reply that arrived at once.
    expect(final.type === 'final' && final.result.interventions.map((i) => i.rule)).toEqual(['trailing_comma']);
  });

  it('gives the same final result however the reply is cut', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat({ max: REPLY.length }), { maxLength: 12 }), async (offsets) => {
        const seen = await events(streamStructuredOutput(cut(REPLY, offsets), reviewSchema));
        expect(seen.at(-1)).toEqual({ type: 'final', text: REPLY, result: extractStructuredOutput(REPLY, reviewSchema) });
      }),
      { numRuns: 50 },
    );
  });

  it('keeps what options.partial asks of partial results and parses the final text whole', async () => {
    const scored = z.object({ score: z.number(), note: z.string() });
    const chunks = ['{"score": 12', '5, "note": "ok"}'];
    const firstPartial = async (options: ExtractionOptions) => (await events(streamStructuredOutput(chunks, scored, options)))[0];
    expect(await firstPartial({})).toMatchObject({ type: 'partial', result: { success: true, data: {} } });
    expect(await firstPartial({ partial: { keep: ['number', 'string', 'array', 'object'] } })).toMatchObject({ type: 'partial', result: { success: true, data: { score: 12 } } });
    const seen = await events(streamStructuredOutput(chunks, scored, { partial: { keep: ['number'] } }));
    expect(seen.at(-1)).toEqual({ type: 'final', text: chunks.join(''), result: extractStructuredOutput(chunks.join(''), scored) });
    expect(seen.at(-1)).toMatchObject({ result: { success: true, data: { score: 125, note: 'ok' } } });
  });

  it('propagates an error of the stream itself with no final event', async () => {
    async function* broken(): AsyncGenerator<string> {
      yield '{"verdict": "appr';
      throw new Error('connection reset');
    }
    const seen: string[] = [];
    await expect(async () => {
      for await (const event of streamStructuredOutput(broken(), reviewSchema)) seen.push(event.type);
    }).rejects.toThrow('connection reset');
    expect(seen).toEqual(['partial']);
  });
});
