import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIXTURE_CONTRACTS } from '../normalize/test-support/fixture-contracts.js';
import type { Intervention } from '../types.js';
import { deniedInterventions, STRICT_PROFILE } from './repair-profile.js';
import { safeParse } from './safe-parse.js';

const erkTripwireCandidates = FIXTURE_CONTRACTS.erk;
const drifted = '{"tripwire_candidates":[{"title":"editing CI","action":"edit CI","description":"Run actionlint.","target_doc_path":"docs/ci.md","severity":"low"}]}';
const canonical = '{"candidates":[{"action":"edit CI","warning":"Run actionlint.","target_doc_path":"docs/ci.md"}]}';

const change = (rule: Intervention['rule'], category: Intervention['category']): Intervention => ({ rule, stage: 'normalize', category, message: rule, path: [] });

describe('deniedInterventions', () => {
  const list = [change('key_aliased', 'cleanup'), change('alias_dropped', 'dropped'), change('extra_key_stripped', 'dropped')];

  it('refuses nothing without a profile', () => {
    expect(deniedInterventions(list, undefined)).toEqual([]);
  });

  it('denies by category and by rule; deny wins over allow', () => {
    expect(deniedInterventions(list, { deny: ['dropped'] }).map((i) => i.rule)).toEqual(['alias_dropped', 'extra_key_stripped']);
    expect(deniedInterventions(list, { deny: ['key_aliased'] }).map((i) => i.rule)).toEqual(['key_aliased']);
    expect(deniedInterventions(list, { allow: ['cleanup', 'dropped'], deny: ['alias_dropped'] }).map((i) => i.rule)).toEqual(['alias_dropped']);
  });

  it('denies a grouped string record by any rule it covers, or that rule’s category', () => {
    const text = `{'notes': 'Sent to the "dictator", then \\s left'}`;
    const grouped = safeParse(text, z.unknown()).interventions.find((i) => i.also !== undefined);
    expect(grouped?.also).toEqual(['unescaped_quote_escaped', 'lone_backslash_escaped']);
    expect(safeParse(text, z.unknown(), { repair: { deny: ['lone_backslash_escaped'] } }).success).toBe(false);
    expect(safeParse(text, z.unknown(), { repair: { deny: ['coercion'] } }).success).toBe(true);
  });

  it('an allow-list refuses everything it does not name', () => {
    expect(deniedInterventions(list, { allow: ['cleanup'] }).map((i) => i.rule)).toEqual(['alias_dropped', 'extra_key_stripped']);
    expect(deniedInterventions(list, STRICT_PROFILE)).toHaveLength(3);
  });
});

describe('repair profiles in the pipeline, with normalization interventions', () => {
  it('lets every repair through by default', () => {
    const result = safeParse(drifted, erkTripwireCandidates);
    expect(result.success).toBe(true);
    expect(result.interventions.map((i) => i.rule)).toEqual(['key_aliased', 'alias_dropped', 'key_aliased', 'extra_key_stripped']);
  });

  it('fails with repair_denied, naming the refused rules', () => {
    const result = safeParse(drifted, erkTripwireCandidates, { repair: { deny: ['dropped'] } });
    expect(result.success).toBe(false);
    expect(!result.success && result.failure).toBe('repair_denied');
    expect(!result.success && result.extractionError).toBe('The repair profile refuses: alias_dropped, extra_key_stripped.');
    // The result still lists every intervention it would have needed.
    expect(result.interventions.map((i) => i.rule)).toContain('alias_dropped');
  });

  it('accepts when only allowed rules were needed', () => {
    const aliasOnly = '{"tripwire_candidates":[{"action":"edit CI","warning":"Run actionlint.","target_doc_path":"docs/ci.md"}]}';
    const result = safeParse(aliasOnly, erkTripwireCandidates, { repair: { allow: ['key_aliased'] } });
    expect(result.success && result.normalized).toBe(true);
  });

  it('the strict profile passes canonical output and refuses any normalization', () => {
    expect(safeParse(canonical, erkTripwireCandidates, { repair: STRICT_PROFILE }).success).toBe(true);
    const refused = safeParse(drifted, erkTripwireCandidates, { repair: STRICT_PROFILE });
    expect(!refused.success && refused.failure).toBe('repair_denied');
  });

  it('a refused ambiguity stays a schema failure whatever the profile', () => {
    const ambiguous = '{"candidates":[{"title":"a","name":"b","warning":"w","target_doc_path":"d"}]}';
    const result = safeParse(ambiguous, erkTripwireCandidates, { repair: STRICT_PROFILE });
    expect(!result.success && result.failure).toBe('schema');
    expect(!result.success && result.validationErrors?.[0]?.path).toBe('candidates[0].action');
  });
});

describe('repair profile on a truncated output', () => {
  const List = z.object({ items: z.array(z.number()) });
  const cut = '{"items": [1, 2, 3';

  it('closes the structure by default, recorded as synthesized, and marks the result truncated', () => {
    const result = safeParse(cut, List);
    expect(result.success && result.truncated).toBe(true);
    expect(result.success && result.data).toEqual({ items: [1, 2, 3] });
    expect(result.interventions.some((i) => i.category === 'synthesized')).toBe(true);
  });

  it('fails with truncated when synthesized repairs are denied, listing what it would have needed', () => {
    const result = safeParse(cut, List, { repair: { deny: ['synthesized'] } });
    expect(!result.success && result.failure).toBe('truncated');
    expect(result.interventions.map((i) => i.rule)).toContain('truncated_structure_closed');
  });
});
