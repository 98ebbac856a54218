/**
 * Job data is whatever anyone with write access to Redis put there: the
 * schema must refuse everything but a well-formed job, with a JobRefusedError
 * and never another exception, and must pass a well-formed job through as is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHARD_JOB_FORMAT, shardJobId, type ShardJobData } from './shard-job.js';
import { JobRefusedError, parseShardJob } from './shard-job-schema.js';

const hex = (n: number): string => 'ab12'.repeat(n).slice(0, n);

const VALID: ShardJobData = {
  format: SHARD_JOB_FORMAT,
  runId: hex(20),
  shard: { index: 3, start: 100, end: 200, firstLine: 7 },
  input: { path: '/srv/airlock/runs.jsonl', fingerprint: `sha256:${hex(64)}` },
  shardDir: '/srv/airlock/out.ndjson.shards',
  contract: { module: '/srv/airlock/contract.ts', export: 'review', digest: `sha256:${hex(64)}`, fingerprint: hex(64) },
  context: { fingerprint: `sha256:${hex(64)}` },
  field: 'output',
  idField: 'id',
  includeRaw: false,
};
const VALID_ID = shardJobId(VALID.runId, 3);

/** Parses, and turns any refusal into its message; any other exception escapes and fails the test. */
function outcome(data: unknown, id: string | undefined = VALID_ID): ShardJobData | string {
  try {
    return parseShardJob(data, id);
  } catch (error) {
    if (error instanceof JobRefusedError) return error.message;
    throw error;
  }
}

describe('parseShardJob', () => {
  it('passes salvageTruncated through, reads a job without it as before and refuses a non-boolean', () => {
    expect(outcome({ ...VALID, salvageTruncated: true })).toEqual({ ...VALID, salvageTruncated: true });
    expect(outcome(VALID)).not.toHaveProperty('salvageTruncated');
    expect(typeof outcome({ ...VALID, salvageTruncated: 'yes' })).toBe('string');
  });

  it('passes a well-formed job through unchanged, with or without a context', () => {
    expect(outcome(VALID)).toEqual(VALID);
    const { context: _, ...withoutContext } = VALID;
    expect(outcome(withoutContext)).toEqual(withoutContext);
  });

  it('refuses any JSON value that is not a job, with a JobRefusedError only', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.string(), (data, id) => {
      expect(typeof outcome(data, id)).toBe('string');
    }), { numRuns: 500 });
  });

  it('refuses a job with any one field replaced by another JSON value', () => {
    const leaves: string[][] = [];
    const walk = (value: unknown, path: string[]): void => {
      if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
      else leaves.push(path);
    };
    walk(VALID, []);
    fc.assert(fc.property(fc.constantFrom(...leaves), fc.jsonValue(), (path, replacement) => {
      const data = structuredClone(VALID) as unknown as Record<string, unknown>;
      let at = data;
      for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
      const key = path.at(-1)!;
      fc.pre(JSON.stringify(at[key]) !== JSON.stringify(replacement));
      at[key] = replacement;
      const result = outcome(data);
      // Another well-formed value can be valid (another index, offset, export name…): then it is taken as given.
      if (typeof result !== 'string') expect(result).toEqual(data);
      else expect(result).toMatch(/^(malformed job: |the job has format )/);
    }), { numRuns: 500 });
  });

  it('refuses a job under another job\'s id', () => {
    expect(outcome(VALID, shardJobId(VALID.runId, 4))).toMatch(/is not that of run ab12.*, shard 3/);
    expect(() => parseShardJob(VALID, undefined)).toThrow(/malformed job: id undefined/);
  });
});
