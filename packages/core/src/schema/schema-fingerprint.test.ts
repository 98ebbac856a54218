import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '../contract/define-contract.js';
import { canonicalJson, schemaFingerprint } from './schema-fingerprint.js';

const forward = z.object({ title: z.string(), tags: z.array(z.string()), meta: z.object({ a: z.number(), b: z.boolean().optional() }) });
const backward = z.object({ meta: z.object({ b: z.boolean().optional(), a: z.number() }), tags: z.array(z.string()), title: z.string() });

describe('schemaFingerprint', () => {
  it('is sha256 of the canonical closed JSON Schema text', () => {
    const text = '{"$schema":"https://json-schema.org/draft/2020-12/schema","additionalProperties":false,"properties":{"title":{"type":"string"}},"required":["title"],"type":"object"}';
    expect(schemaFingerprint(z.object({ title: z.string() }))).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('does not depend on property order, strictness or the contract around the schema', () => {
    expect(schemaFingerprint(forward)).toBe(schemaFingerprint(backward));
    expect(schemaFingerprint(forward)).toBe(schemaFingerprint(forward.strict()));
    expect(schemaFingerprint(defineContract({ name: 'a', schema: forward, aliases: { title: ['name'] } }))).toBe(schemaFingerprint(backward));
  });

  it('changes with anything the schema accepts', () => {
    const variants = [forward, forward.extend({ extra: z.string() }), forward.extend({ title: z.string().min(1) }), forward.extend({ title: z.string().optional() }), forward.extend({ title: z.enum(['a']) })];
    expect(new Set(variants.map((schema) => schemaFingerprint(schema))).size).toBe(variants.length);
  });

  it('is the same in another process', () => {
    // The built module, loaded by a fresh Node process with the schema declared in the other key order.
    const built = new URL('../../dist/schema/index.js', import.meta.url).href;
    const script = `import { z } from 'zod'; import { schemaFingerprint } from '${built}';
      process.stdout.write(schemaFingerprint(z.object({ meta: z.object({ b: z.boolean().optional(), a: z.number() }), tags: z.array(z.string()), title: z.string() })));`;
    const other = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: fileURLToPath(new URL('../..', import.meta.url)), encoding: 'utf8' });
    expect(other).toBe(schemaFingerprint(forward));
  });

  it('gives schemas outside the profile a stable fallback that never throws', () => {
    const withDefault = z.object({ title: z.string().default('x') });
    expect(schemaFingerprint(withDefault)).toMatch(/^[0-9a-f]{64}$/);
    expect(schemaFingerprint(withDefault)).toBe(schemaFingerprint(z.object({ title: z.string().default('x') })));
    expect(schemaFingerprint(withDefault)).not.toBe(schemaFingerprint(z.object({ title: z.string().default('y') })));
    expect(schemaFingerprint(withDefault)).not.toBe(schemaFingerprint(z.object({ title: z.string() })));
    const withTransform = z.object({ n: z.string().transform(Number), when: z.date() });
    expect(schemaFingerprint(withTransform)).toBe(schemaFingerprint(z.object({ n: z.string().transform((s) => s.length), when: z.date() })));
  });

  it('fingerprints a non-Zod validator by vendor and contract name', () => {
    const opaque = { '~standard': { version: 1 as const, vendor: 'valibot', validate: (value: unknown) => ({ value }) } };
    expect(defineContract({ name: 'a', schema: opaque }).fingerprint).toBe(defineContract({ name: 'a', schema: opaque }).fingerprint);
    expect(defineContract({ name: 'a', schema: opaque }).fingerprint).not.toBe(defineContract({ name: 'b', schema: opaque }).fingerprint);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and leaves arrays in order', () => {
    expect(canonicalJson({ b: 1, a: [true, { d: 0, c: null }], u: undefined })).toBe('{"a":[true,{"c":null,"d":0}],"b":1}');
  });
});
