/**
 * The repair pass leaves out the whole text's YAML readings when its one artifact failed (the
 * contract refused its value, or it did not parse) and only prose surrounds it
 * (prose-around-artifact.ts): the attempts
 * safeParse makes, recorded through a wrapped tryCandidate, and the outcome, which is the one
 * reading the raw text too would give.
 */
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { safeParse } from './safe-parse.js';
import { FIXTURE_CONTRACTS } from './test-support/fixture-contracts.js';

const attempts: string[] = [];

vi.mock('./try-candidate.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('./try-candidate.js')>();
  return {
    ...original,
    tryCandidate: (...args: Parameters<typeof original.tryCandidate>) => {
      attempts.push(`${args[4]} ${args[1].source}`);
      return original.tryCandidate(...args);
    },
  };
});

/** The repair pass's attempts, in order. */
const repairs = (): string[] => attempts.filter((a) => a.startsWith('repair '));

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}/input.txt`, import.meta.url), 'utf8');

describe('the raw text in the repair pass', () => {
  beforeEach(() => {
    attempts.length = 0;
  });

  it('is not read as YAML around a fence the contract refused, cut off with prose before it', () => {
    const result = safeParse(fixture('yaml-fence-cut-off-fails-schema'), FIXTURE_CONTRACTS.review);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.failure).toBe('schema');
    expect(result.candidate?.source).toBe('fenced');
    expect(result.validationErrors?.map((e) => e.path)).toEqual(['issues[0].severity', 'issues[0].message']);
    expect(repairs()).toEqual(['repair fenced']);
  });

  it('is read when a line outside the fence holds a key of the contract, and then validates', () => {
    const result = safeParse(fixture('yaml-key-before-fence'), FIXTURE_CONTRACTS.review);
    expect(result.success && result.candidate.source).toBe('raw');
    expect(repairs()).toEqual(['repair fenced', 'repair raw']);
  });

  it('is not read either around a fence that does not parse: the failure is the syntax error of the fence', () => {
    const result = safeParse('Here it is:\n```yaml\nsummary: [unclosed\nverdict: approve\n```\n', FIXTURE_CONTRACTS.review);
    expect(!result.success && result.failure).toBe('syntax');
    expect(!result.success && result.candidate?.source).toBe('fenced');
    expect(repairs()).toEqual(['repair fenced']);
  });

  it('is read, from its first known key, when indented data follows a fence closed too early', () => {
    const text = 'Here is my review.\n```yaml\nsummary: The retry queue drops a job.\nverdict: approve\nissues:\n```\n  - file: src/queue/retry.ts\n    severity: minor\n    message: A job in flight is lost.\n';
    const result = safeParse(text, FIXTURE_CONTRACTS.review);
    expect(result.success && result.candidate.source).toBe('known_key');
    expect(result.success && result.data.issues).toEqual([{ file: 'src/queue/retry.ts', severity: 'minor', message: 'A job in flight is lost.' }]);
    expect(repairs()).toContain('repair known_key');
  });
});
