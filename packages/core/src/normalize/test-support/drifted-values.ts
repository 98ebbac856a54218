/**
 * Random values drifted from a contract's shape, for property tests of the
 * normalization fast paths: every key the model declares, with drifted
 * spellings and an undeclared one, over small scalars, lists and objects.
 */
import fc from 'fast-check';
import type { SchemaModel } from '../../contract/schema-model.js';
import { objectFrom } from '../value-tree.js';

/** Every key the model declares, with drifted spellings and an undeclared one. */
export function keyPool(model: SchemaModel, out = new Set<string>(['extra_key']), depth = 0): Set<string> {
  if (depth > 6) return out;
  if (model.kind === 'object') {
    for (const [key, child] of model.shape) {
      out.add(key).add(key.toUpperCase()).add(key.replace(/_/g, '-'));
      keyPool(child, out, depth + 1);
    }
  } else if (model.kind === 'array') keyPool(model.element, out, depth + 1);
  else if (model.kind === 'record') keyPool(model.value, out, depth + 1);
  return out;
}

/** Every enum value the model allows, with a drifted spelling of each string (`LOW`, `Low`). */
export function enumPool(model: SchemaModel, out = new Set<unknown>(), depth = 0): Set<unknown> {
  if (depth > 6) return out;
  if (model.kind === 'enum') {
    for (const value of model.values) {
      out.add(value);
      if (typeof value === 'string') out.add(value.toUpperCase()).add(value.charAt(0).toUpperCase() + value.slice(1));
    }
  } else if (model.kind === 'object') for (const child of model.shape.values()) enumPool(child, out, depth + 1);
  else if (model.kind === 'array') enumPool(model.element, out, depth + 1);
  else if (model.kind === 'record') enumPool(model.value, out, depth + 1);
  else if (model.kind === 'union') for (const option of model.options) enumPool(option, out, depth + 1);
  return out;
}

/** Values whose objects use the given keys, with the given scalars among others (enum spellings). */
export function driftedValues(keys: string[], scalars: readonly unknown[] = []): fc.Arbitrary<unknown> {
  const words = ['1', 'true', 'Draft', 'approved', ...scalars];
  const scalar = fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -2, max: 9 }), fc.boolean(), fc.constant(null), fc.constantFrom(...words));
  const { node } = fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar,
      fc.array(tie('node'), { maxLength: 3 }),
      fc.array(fc.tuple(fc.constantFrom(...keys), tie('node')), { maxLength: 5 }).map((entries) => objectFrom(entries)),
    ),
  }));
  return node;
}
