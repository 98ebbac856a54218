import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { defineContract } from '../contract/define-contract.js';
import { nestedSchemaKeys, resolveYamlHints } from './resolve-yaml-hints.js';

describe('resolveYamlHints', () => {
  const contract = defineContract({
    name: 'questions',
    schema: z.object({
      status: z.string(),
      questions: z.array(z.object({ id: z.string(), phase: z.enum(['a', 'b']), answer: z.object({ free_text: z.string() }).optional() })),
      meta: z.record(z.string(), z.object({ owner: z.string() })),
    }),
  });

  it('knows the keys below the root (list items, nested objects, record values), not only the root keys', () => {
    expect(nestedSchemaKeys(contract)).toEqual(['id', 'phase', 'answer', 'free_text', 'owner']);
    const known = resolveYamlHints(contract).knownKeys;
    for (const key of ['status', 'questions', 'meta', 'id', 'phase', 'answer', 'free_text', 'owner']) expect(known.has(key), key).toBe(true);
  });

  it('knows nothing below the root of a schema it cannot read, and only the seed defaults without a contract', () => {
    const opaque = { schema: { '~standard': { version: 1, vendor: 'x', validate: (v: unknown) => ({ value: v }) } } };
    expect(nestedSchemaKeys(opaque as never)).toEqual([]);
    expect(resolveYamlHints(undefined).knownKeys.has('phase')).toBe(false);
  });
});
