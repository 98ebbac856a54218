/**
 * The AI SDK's own mock language model, answering with fixed text, so the tests run
 * the SDK's real generateObject / generateText / streamObject code paths.
 */
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

/** A model whose every call answers `text` (generate) or streams it in `chunks` (stream). */
export function mockModel(text: string, chunks = 3): MockLanguageModelV3 {
  const size = Math.max(1, Math.ceil(text.length / chunks));
  const deltas: string[] = [];
  for (let i = 0; i < text.length; i += size) deltas.push(text.slice(i, i + size));
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
    doStream: async () => ({
      stream: convertArrayToReadableStream([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        ...deltas.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ]),
    }),
  });
}
