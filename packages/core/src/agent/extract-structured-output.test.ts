import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '../contract/define-contract.js';
import { extractStructuredOutput } from './extract-structured-output.js';

const schema = z.object({ verdict: z.enum(['approve', 'reject']) });

describe('extractStructuredOutput', () => {
  it('takes the cadre-json block with zero interventions and a span into the whole content', () => {
    const content = 'Reviewed.\n```json\n{"verdict":"reject"}\n```\nFinal:\n```cadre-json\n{"verdict":"approve"}\n```\n';
    const result = extractStructuredOutput(content, schema);
    expect(result.success && result.data).toEqual({ verdict: 'approve' });
    expect(result.interventions).toEqual([]);
    const start = content.indexOf('{"verdict":"approve"}');
    expect(result.candidate).toEqual({ source: 'fenced', fenceInfo: 'cadre-json', format: 'json', prefixStripped: false, span: [start, start + 22] });
  });

  it('honours another block marker (aamf-json) and ignores cadre-json then', () => {
    const content = '```cadre-json\n{"verdict":"reject"}\n```\n```aamf-json\n{"verdict":"approve"}\n```';
    const result = extractStructuredOutput(content, schema, { blockMarker: 'aamf-json', fallbackToRawJson: false });
    expect(result.success && result.data).toEqual({ verdict: 'approve' });
  });

  it('repairs inside the block and moves the repair spans into the whole content', () => {
    const content = 'Done.\n```cadre-json\n{"verdict":"approve",}\n```';
    const result = extractStructuredOutput(content, schema);
    expect(result.success).toBe(true);
    const comma = result.interventions.find((i) => i.rule === 'trailing_comma');
    expect(comma?.span && content.slice(comma.span[0], comma.span[1])).toBe(',');
  });

  it('with fallbackToRawJson: false tries nothing but the block', () => {
    const result = extractStructuredOutput('{"verdict":"approve"}', schema, { fallbackToRawJson: false });
    expect(result).toEqual({
      success: false,
      failure: 'no_candidate',
      extractionError: 'No ```cadre-json block was found in the output.',
      interventions: [],
      repairApplied: false,
    });
  });

  it('falls back to the whole text (the usual candidates) by default', () => {
    const result = extractStructuredOutput('Sure:\n```json\n{"verdict":"approve"}\n```', schema);
    expect(result.success && result.data).toEqual({ verdict: 'approve' });
    expect(result.interventions.map((i) => i.rule)).toEqual(['candidate_recovered']);
  });

  it("reports the block's failure, with the seed's error string, over the fallback's", () => {
    const content = '```cadre-json\n{"verdict":"maybe"}\n```\n';
    const result = extractStructuredOutput(content, schema);
    expect(!result.success && result.failure).toBe('schema');
    expect(!result.success && result.validationErrors).toEqual([{ path: 'verdict', message: "Expected 'approve' | 'reject', received 'maybe'" }]);
    expect(result.candidate?.fenceInfo).toBe('cadre-json');
  });

  it('tries each block in order; the first that validates wins', () => {
    const content = '```cadre-json\n{"verdict":"maybe"}\n```\n```cadre-json\n{"verdict":"reject"}\n```';
    const result = extractStructuredOutput(content, schema, { fallbackToRawJson: false });
    expect(result.success && result.data).toEqual({ verdict: 'reject' });
  });

  it('classifies an empty output and a cut-off block the way safeParse does', () => {
    expect(extractStructuredOutput('  ', schema, { fallbackToRawJson: false })).toMatchObject({ failure: 'empty_output' });
    expect(extractStructuredOutput(42, schema)).toMatchObject({ failure: 'empty_output' });
    const cut = extractStructuredOutput('```cadre-json\n{"verdict":', schema, { fallbackToRawJson: false });
    expect(!cut.success && cut.failure).toBe('truncated');
  });

  it('runs a contract\'s normalization on the block', () => {
    const contract = defineContract({ name: 'review', schema, synonyms: { verdict: { map: { approve: ['lgtm'] } } } });
    const result = extractStructuredOutput('```cadre-json\n{"verdict":"LGTM"}\n```', contract);
    expect(result.success && result.data).toEqual({ verdict: 'approve' });
  });
});
