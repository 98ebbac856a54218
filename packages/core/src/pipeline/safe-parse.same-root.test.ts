/**
 * A defective answer in a fence or a tag is read once: repairing the raw text
 * trims the prose and the fence and reads the body as its root, so the pass
 * that counts other valid artifacts does not repair and validate that body again.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { safeParse } from './safe-parse.js';

const schema = z.object({ title: z.string(), score: z.number(), tags: z.array(z.string()) });
const body = "{title: 'Fix login', score: 0.5, tags: ['auth', 'ui',],}";

/**
 * `JSON.parse` calls of one safeParse: each repair of the body reads its number `0.5` with one
 * (the repairer builds the value as it reads and hands numbers other than small integers to it).
 */
function parsesOf(raw: string, pick?: 'first' | 'fenced' | 'last'): { result: ReturnType<typeof safeParse>; parses: number } {
  const spy = vi.spyOn(JSON, 'parse');
  const result = safeParse(raw, schema, pick === undefined ? {} : { pick });
  const parses = spy.mock.calls.length;
  spy.mockRestore();
  return { result, parses };
}

afterEach(() => vi.restoreAllMocks());

describe('an artifact whose text is the root a win already read', () => {
  it.each([
    ['fence', `Here it is:\n\n\`\`\`json\n${body}\n\`\`\`\nDone.`],
    ['tag', `Here it is:\n<answer>\n${body}\n</answer>\nDone.`],
  ])('is not repaired again in a %s under the default pick, with the same result', (_, raw) => {
    const once = parsesOf(raw);
    const twice = parsesOf(raw, 'last');
    expect(once.parses).toBeLessThan(twice.parses);
    expect(once.result).toMatchObject({ success: true, data: { title: 'Fix login', tags: ['auth', 'ui'] }, candidate: { source: 'raw' } });
    expect(once.result.success && once.result.otherValidCandidates).toBeUndefined();
  });

  it('is still read under pick "fenced", which chooses it', () => {
    const { result } = parsesOf(`Here it is:\n\`\`\`json\n${body}\n\`\`\``, 'fenced');
    expect(result).toMatchObject({ success: true, candidate: { source: 'fenced' } });
  });

  it('is still read when the win took a different root: a second answer is counted', () => {
    const raw = `Draft: {title: 'Old', score: 1, tags: [],}\n\`\`\`json\n${body}\n\`\`\``;
    const result = safeParse(raw, schema);
    expect(result).toMatchObject({ success: true, data: { title: 'Old' }, otherValidCandidates: 1 });
  });

  it('is not repaired again when the answer was cut off inside a fence that never closes', () => {
    const raw = "Here it is:\n\n```json\n{title: 'Fix login', score: 0.5, tags: ['auth', 'ui'\n  ";
    const once = parsesOf(raw);
    const twice = parsesOf(raw, 'last');
    expect(once.parses).toBeLessThan(twice.parses);
    expect(once.result).toMatchObject({ success: true, truncated: true, data: { title: 'Fix login', tags: ['auth', 'ui'] }, candidate: { source: 'raw' } });
    expect(once.result.success && once.result.otherValidCandidates).toBeUndefined();
  });

  it('is still read when the raw reading was cut off (the body closes what the raw text left open)', () => {
    const raw = "Result:\n```json\n{title: 'Fix login', score: 1, tags: ['auth'\n```";
    const result = safeParse(raw, schema);
    expect(result.success).toBe(true);
  });
});
