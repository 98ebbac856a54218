import { describe, expect, it } from 'vitest';
import { searchText } from './search-text.js';

describe('searchText', () => {
  const failed = {
    text: 'Here:\n{"verdict": "Looks Good", "summary": "ok"}',
    result: {
      success: false, failure: 'schema', repairApplied: true, raw: { verdict: 'Looks Good', note: 'say "hi"' },
      validationErrors: [{ path: 'verdict', message: "Expected 'approve' | 'request_changes', received 'looks good'" }],
      interventions: [{ rule: 'wrapper_unwrapped', stage: 'normalize', category: 'cleanup', message: 'Removed wrapper key "output" from top level.', span: [0, 5] }],
    },
  };

  it('holds the raw text, the errors and the intervention messages as a person reads them', () => {
    const text = searchText(failed);
    for (const needle of ['"verdict": "looks good"', 'schema', "verdict: expected 'approve'", 'wrapper_unwrapped', 'removed wrapper key "output"', 'say \\"hi\\"']) {
      expect(text, needle).toContain(needle);
    }
  });

  it('holds none of the result\'s own JSON keys', () => {
    const text = searchText({ result: { success: true, data: { a: 1 }, candidate: { source: 'raw', span: [0, 7] }, interventions: [], repairApplied: false } });
    for (const key of ['success', 'candidate', 'span', 'interventions', 'repairapplied']) expect(text).not.toContain(key);
    expect(text).toBe('{"a":1}');
  });

  it('holds the extraction error of a record with no value', () => {
    expect(searchText({ result: { success: false, failure: 'no_candidate', extractionError: 'No JSON object or array found in the candidate.', interventions: [] } }))
      .toBe('no_candidate\nno json object or array found in the candidate.');
  });
});
