/**
 * Invalid values with a declared replacement (output-normalization seed,
 * `schema_version`): when the field's own schema rejects the emitted value
 * (`0`, `"v2"`, `1.5` for a positive integer), the contract's constant takes
 * its place and the change is recorded. Runs after coercion, so `"2"` is
 * already 2 and kept.
 */
import type { Contract } from '../contract/contract.js';
import { unwrapZod } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import { formatPath, isValid } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { excerpt } from './value-tree.js';
import { walkPatternRules } from './walk-value.js';

interface ZodDefLike {
  shape?: Record<string, unknown>;
  element?: unknown;
  valueType?: unknown;
}

/** The Zod schema at a value pattern (`epics[].id`, `scores.*`), or undefined. */
function schemaAt(schema: unknown, pattern: string): unknown {
  let current: unknown = schema;
  for (const token of pattern.split(/\.|(?=\[\])/)) {
    if (token === '') continue;
    const def = (unwrapZod(current) as { _zod?: { def?: ZodDefLike } })?._zod?.def;
    if (def === undefined) return undefined;
    current = token === '[]' ? def.element : token === '*' ? def.valueType : def.shape?.[token];
    if (current === undefined) return undefined;
  }
  return current;
}

const fieldSchemas = new WeakMap<object, Map<string, unknown>>();

function fieldSchema(contract: Contract<unknown>, pattern: string): unknown {
  let byPattern = fieldSchemas.get(contract);
  if (byPattern === undefined) fieldSchemas.set(contract, (byPattern = new Map()));
  if (!byPattern.has(pattern)) byPattern.set(pattern, schemaAt(contract.schema, pattern));
  return byPattern.get(pattern);
}

/**
 * Replaces present values their field's schema rejects with the declared constant.
 *
 * @example
 * replaceInvalidValues({ schema_version: 0 }, contract).value // { schema_version: 1 } with replaceInvalid: { schema_version: 1 }
 */
export function replaceInvalidValues(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const interventions: Intervention[] = [];
  const out = walkPatternRules(value, planFor(contract), 'replaceInvalid', 'pre', (node, constant, { path, pattern }) => {
    const schema = fieldSchema(contract, pattern);
    if (node === undefined || schema === undefined || isValid(schema as never, node)) return node;
    const message = `Replaced invalid ${formatPath(path)} ${excerpt(node)} with ${excerpt(constant)}.`;
    interventions.push(normalizeChange('invalid_value_replaced', 'cleanup', message, path, excerpt(node), excerpt(constant)));
    return structuredClone(constant);
  });
  return { value: out, interventions };
}
