/**
 * A candidate loop rejects many values; only the reported failure's issues are read, so only
 * they are worded (the second, `reportInput` parse). These pin both halves: the parse count,
 * and that the reported failure still carries its worded issues.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { safeParse } from './safe-parse.js';

const schema = z.object({ verdict: z.enum(['approve', 'request_changes']) });

afterEach(() => vi.restoreAllMocks());

describe('validation issues of rejected candidates', () => {
  it('are worded once, for the failure reported, however many candidates failed', () => {
    const spy = vi.spyOn(schema, 'safeParse');
    // Three readings fail the schema: the raw text's repair, the fence and the tag.
    const text = 'Result:\n```json\n{"verdict": "maybe"}\n```\n<ANSWER>{"verdict": "perhaps"}</ANSWER>';
    const result = safeParse(text, schema);
    expect(result.success).toBe(false);
    const worded = spy.mock.calls.filter((call) => call[1] !== undefined);
    expect(spy.mock.calls.length).toBeGreaterThan(2);
    expect(worded).toHaveLength(1);
    expect(result).toMatchObject({ failure: 'schema', validationErrors: [{ path: 'verdict', message: "Expected 'approve' | 'request_changes', received 'maybe'" }] });
  });

  it('keep the wording of a failure read from the result directly', () => {
    const result = safeParse('{"verdict": 3}', schema);
    expect(result).toMatchObject({ success: false, failure: 'schema', validationErrors: [{ path: 'verdict' }] });
  });
});
