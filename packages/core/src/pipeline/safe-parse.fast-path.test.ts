/**
 * The clean-JSON fast path parses before it searches for terminal noise; these
 * pin that a text it accepted still takes the scan when noise is there, so the
 * outcome is the same as if the noise had been searched for first.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParse } from './safe-parse.js';

const schema = z.object({ a: z.string() });

describe('fast path and terminal noise', () => {
  it('passes clean JSON untouched, from the raw text', () => {
    const result = safeParse('{"a":"x"}', schema);
    expect(result).toMatchObject({ success: true, data: { a: 'x' }, interventions: [], candidate: { source: 'raw' } });
  });

  it('keeps a DEL inside a JSON string as data (the scan route finds no noise to trim there)', () => {
    const result = safeParse('{"a":"x\x7f"}', schema);
    expect(result).toMatchObject({ success: true, data: { a: 'x\x7f' }, interventions: [] });
  });

  it('trims bare bracketed-paste markers around JSON with a recorded intervention each', () => {
    const result = safeParse('[200~{"a":"x"}[201~', schema);
    expect(result.success && result.interventions.map((i) => i.rule)).toEqual(['leading_prose_trimmed', 'trailing_noise_trimmed']);
  });

  it('keeps a paste marker inside a string as data', () => {
    const result = safeParse('{"a":"[200~x"}', schema);
    expect(result).toMatchObject({ success: true, data: { a: '[200~x' }, interventions: [] });
  });

  it('reads JSON followed by an SGR sequence through the scan', () => {
    const result = safeParse('{"a":"x"}\u001b[0m', schema);
    expect(result.success && result.interventions.map((i) => i.rule)).toEqual(['trailing_noise_trimmed']);
  });
});
