import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '../contract/define-contract.js';
import { safeParse } from '../pipeline/safe-parse.js';
import { AgentSchemaProfileError } from './check-profile.js';
import { closedJsonSchema } from './closed-json-schema.js';
import { fromProvider } from './from-provider.js';
import { openaiProjection } from './openai-projection.js';
import { arbitraryFrom, fillNulls } from './test-support/schema-values.js';

const review = z.object({
  summary: z.string(),
  verdict: z.enum(['approve', 'request_changes']),
  score: z.number().optional(),
  parent: z.string().nullish(),
  issues: z.array(
    z.object({
      file: z.string(),
      line: z.int().nonnegative().optional(),
      fix: z.object({ patch: z.string(), note: z.string().optional() }).optional(),
      kind: z.union([z.object({ rule: z.string(), level: z.int().optional() }), z.object({ remark: z.boolean(), hint: z.string().optional() })]).optional(),
    }),
  ),
});

describe('fromProvider', () => {
  it('openai: drops the nulls sent for optional fields, each recorded, and validates', () => {
    const raw = '{"summary":"ok","verdict":"approve","score":null,"parent":null,"issues":[{"file":"a.ts","line":null,"fix":{"patch":"p","note":null},"kind":null}]}';
    const result = safeParse(raw, fromProvider('openai', review));
    expect(result.success && result.data).toEqual({ summary: 'ok', verdict: 'approve', parent: null, issues: [{ file: 'a.ts', fix: { patch: 'p' } }] });
    expect(result.interventions.map((i) => [i.rule, i.path])).toEqual([
      ['optional_null_dropped', ['score']],
      ['optional_null_dropped', ['issues', 0, 'line']],
      ['optional_null_dropped', ['issues', 0, 'fix', 'note']],
      ['optional_null_dropped', ['issues', 0, 'kind']],
    ]);
    expect(result.interventions[0]).toMatchObject({ stage: 'normalize', category: 'cleanup', before: 'null', after: '', message: 'Removed null at score: the provider sends null for an optional field left out.' });
  });

  it('keeps a null the schema accepts (nullish) and one in a required field (validation reports it)', () => {
    const result = safeParse('{"summary":null,"verdict":"approve","parent":null,"issues":[]}', fromProvider('openai', review));
    expect(result.success).toBe(false);
    expect(!result.success && result.validationErrors?.map((e) => e.path)).toEqual(['summary']);
    expect(result.interventions).toEqual([]);
  });

  it('follows a union to the option the object belongs to', () => {
    const raw = '{"summary":"s","verdict":"approve","issues":[{"file":"a","kind":{"remark":true,"hint":null}},{"file":"b","kind":{"rule":"r","level":null}}]}';
    const result = safeParse(raw, fromProvider('openai', review));
    expect(result.success && result.data.issues.map((i) => i.kind)).toEqual([{ remark: true }, { rule: 'r' }]);
  });

  it('without fromProvider the nulls are not silently accepted: schema-aligned parsing removes them, recorded, and a profile may refuse that', () => {
    const raw = '{"summary":"ok","verdict":"approve","issues":[{"file":"a.ts","line":null}]}';
    const result = safeParse(raw, review);
    expect(result.interventions.map((i) => [i.rule, i.path])).toEqual([['null_optional_removed', ['issues', 0, 'line']]]);
    expect(safeParse(raw, review, { repair: { deny: ['null_optional_removed'] } }).success).toBe(false);
  });

  it('keeps the contract: name, normalization and fingerprint; other providers get it unchanged', () => {
    const contract = defineContract({ name: 'review', schema: review, aliases: { summary: ['overview'] } });
    const openai = fromProvider('openai', contract);
    expect(openai).toMatchObject({ name: 'review', fingerprint: contract.fingerprint, normalization: { aliases: { summary: ['overview'] }, optionalNulls: 'drop' } });
    expect(fromProvider('gemini', contract)).toBe(contract);
    expect(() => fromProvider('openai', z.object({ n: z.string().default('x') }))).toThrow(AgentSchemaProfileError);
  });

  it('round trip: a value generated from the schema, null-filled as OpenAI sends it, reads back equal to the original', () => {
    // Optional-and-nullable fields cannot round-trip (the projection reports them): absent comes back as null.
    const schema = review.omit({ parent: true });
    const closed = closedJsonSchema(schema);
    const projected = openaiProjection(schema).schema;
    const contract = fromProvider('openai', schema);
    fc.assert(
      fc.property(arbitraryFrom(closed), (value) => {
        const filled = { count: 0 };
        const sent = fillNulls(value, closed, filled);
        expect(Object.keys(sent as object)).toEqual(projected.required);
        const result = safeParse(JSON.stringify(sent), contract);
        expect(result.success && result.data).toEqual(value);
        expect(result.interventions.filter((i) => i.rule === 'optional_null_dropped')).toHaveLength(filled.count);
        // Idempotence: the original, canonical value passes untouched.
        const canonical = safeParse(JSON.stringify(value), contract);
        expect(canonical.success && canonical.interventions).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
