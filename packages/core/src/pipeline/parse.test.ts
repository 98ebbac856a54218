import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AirlockParseError, parse } from '../index.js';

const Review = z.object({ verdict: z.enum(['approve', 'request_changes']) });

describe('parse', () => {
  it('returns the validated data', () => {
    expect(parse('Verdict:\n```json\n{"verdict":"approve"}\n```', Review)).toEqual({ verdict: 'approve' });
  });

  it('throws an AirlockParseError carrying the failed result', () => {
    let caught: unknown;
    try {
      parse('{"verdict":"looks good"}', Review);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(AirlockParseError);
    const error = caught as AirlockParseError;
    expect(error.result.failure).toBe('schema');
    expect(error.result.validationErrors).toEqual([{ path: 'verdict', message: "Expected 'approve' | 'request_changes', received 'looks good'" }]);
    expect(error.message).toContain("verdict: Expected 'approve' | 'request_changes'");
  });

  it('throws with the failure class for empty output', () => {
    expect(() => parse('   ', Review)).toThrow(/empty_output/);
  });
});
