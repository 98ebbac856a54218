import type { StandardSchemaV1 } from '@standard-schema/spec';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { normalizeValue } from '../normalize/normalize-value.js';
import { safeParse } from '../pipeline/safe-parse.js';
import { toContract } from './contract.js';
import { defineContract } from './define-contract.js';
import { planFor } from './normalization-plan.js';

const story = z.object({ id: z.string(), acceptance_criteria: z.array(z.string()) });
const schema = z.object({ title: z.string(), epics: z.array(z.object({ id: z.string(), user_stories: z.array(story) })) });

describe('defineContract', () => {
  it('knows the schema keys and the root aliases', () => {
    const c = defineContract({ name: 'prd', schema, rootAliases: { epics: ['epic_list'] } });
    expect(c.knownKeys).toEqual(['title', 'epics', 'epic_list']);
    expect(c.expect).toBe('object');
    expect(c.normalization).toEqual({ rootAliases: { epics: ['epic_list'] } });
  });

  it('fingerprints the schema (sha256 of its closed JSON Schema), not the declaration order', () => {
    const a = defineContract({ name: 'p', schema, aliases: { title: ['name'] }, extras: 'keep' });
    const b = defineContract({ name: 'p', extras: 'keep', aliases: { title: ['name'] }, schema });
    const d = defineContract({ name: 'p', schema: schema.extend({ extra: z.string() }), aliases: { title: ['name'] }, extras: 'keep' });
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.fingerprint).toBe(toContract(schema).fingerprint);
    expect(a.fingerprint).not.toBe(d.fingerprint);
    expect(a.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(JSON.stringify(a)).fingerprint).toBe(a.fingerprint);
  });

  it('derives YAML list primary keys from id strategies', () => {
    const c = defineContract({
      name: 'p',
      schema,
      ids: { epics: { format: 'EPIC-{n}' }, 'epics[].user_stories': { format: 'US-{i}-{n}', key: 'id' } },
      yaml: { nestedChildren: { generated_by: ['winner_model'] }, listPrimaryKeys: { files: 'path' } },
    });
    expect(c.yamlHints).toEqual({ nestedChildren: { generated_by: ['winner_model'] }, listPrimaryKeys: { epics: 'id', user_stories: 'id', files: 'path' } });
  });

  it('resolves a bare field name at every depth of the schema', () => {
    const c = defineContract({ name: 'p', schema, aliases: { acceptance_criteria: ['criteria'] } });
    expect([...planFor(c).aliases.keys()]).toEqual(['epics[].user_stories[]']);
    const out = normalizeValue({ title: 't', epics: [{ id: 'E', user_stories: [{ id: 'U', criteria: ['c'] }] }] }, c);
    expect(out.value).toEqual({ title: 't', epics: [{ id: 'E', user_stories: [{ id: 'U', acceptance_criteria: ['c'] }] }] });
    expect(out.interventions.map((i) => [i.rule, i.path])).toEqual([['key_aliased', ['epics', 0, 'user_stories', 0, 'acceptance_criteria']]]);
  });

  it('rejects something that is not a schema', () => {
    expect(() => defineContract({ name: 'x', schema: {} as never })).toThrow(TypeError);
  });
});

/** A hand-written Standard Schema validator: no Zod internals to read. */
const titled: StandardSchemaV1<unknown, { title: string }> = {
  '~standard': {
    version: 1,
    vendor: 'test',
    validate: (value) =>
      typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string'
        ? { value: { title: (value as { title: string }).title } }
        : { issues: [{ message: 'Expected { title: string }', path: ['title'] }] },
  },
};

describe('contracts over any Standard Schema', () => {
  it('a bare validator gets the default wrappers and nothing else', () => {
    const result = safeParse('{"output":{"title":"x","extra":1}}', titled);
    expect(result.success && result.data).toEqual({ title: 'x' });
    expect(result.interventions.map((i) => i.rule)).toEqual(['wrapper_unwrapped']);
    expect(toContract(titled).knownKeys).toEqual([]);
  });

  it('path-declared aliases, synonyms and defaults work without introspection', () => {
    const c = defineContract({ name: 's', schema: titled, rootAliases: { title: ['heading'] }, synonyms: { status: { map: { done: ['finished'] } } }, defaults: { kind: 'note' } });
    const out = normalizeValue({ heading: 'x', status: 'Finished' }, c);
    expect(out.value).toEqual({ title: 'x', status: 'done', kind: 'note' });
    expect(out.interventions.map((i) => i.rule)).toEqual(['key_aliased', 'synonym_mapped', 'default_filled']);
  });
});
