/**
 * The repair pass leaves out the raw text's YAML reading when its one artifact parsed, the
 * contract refused it, and only prose surrounds it (prose-around-artifact.ts): the attempts
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

  it('is read when the fence did not parse (a syntax failure, not the contract refusing a value)', () => {
    const text = 'Here it is:\n```yaml\nsummary: [unclosed\nverdict: approve\n```\n';
    safeParse(text, FIXTURE_CONTRACTS.review);
    expect(repairs()).toContain('repair raw');
  });
});
