/**
 * A `z.union` returns the first branch that validates, and a plain object branch
 * strips the keys it does not declare: with `[{ a }, { a, b }]` the value
 * `{ a: 1, b: 2 }` comes back as `{ a: 1 }`, `b` silently gone. After validation,
 * at a union place holding an object, the valid branch that keeps the most of
 * the object's keys is taken instead when it is the only one keeping that many.
 * It is recorded as the notice `union_keys_kept`: the value is kept as the text
 * wrote it, so valid output is not "repaired" (a strict profile still takes it).
 * Two valid branches keeping as many keys with different values is an
 * ambiguity the schema's order settles, as before.
 */
import { toContract, type AnySchema, type Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { SchemaModel } from '../contract/schema-model.js';
import type { Intervention, ValuePath } from '../types.js';
import { checkValue, formatPath, isValid } from '../validate/validate-value.js';
import { normalizeChange } from './normalize-types.js';
import { deepEqual, getOwn, isPlainObject, replaceAt } from './value-tree.js';
import { walkScope, walkValue } from './walk-value.js';

type UnionModel = Extract<SchemaModel, { kind: 'union' }>;

/** Nested unions are revisited inside a chosen branch to this depth. */
const MAX_DEPTH = 8;

/**
 * A short name of a union branch for messages.
 *
 * @example
 * describeBranch(schemaModel(z.object({ a: z.number() })), 0) // 'branch 1 ({a})'
 */
export function describeBranch(model: SchemaModel, index: number): string {
  const shape = model.kind === 'object' ? `{${[...model.shape.keys()].join(', ')}}` : model.kind === 'enum' ? model.values.map((v) => JSON.stringify(v)).join(' | ') : model.kind;
  return `branch ${index + 1} (${shape})`;
}

/** A discriminated union picks its branch by the key, not by order: nothing to reconsider. */
function isDiscriminated(schema: unknown): boolean {
  return (schema as { _zod?: { def?: { discriminator?: unknown } } } | null)?._zod?.def?.discriminator !== undefined;
}

/** A union with an object branch that may strip keys, not discriminated. */
function mayStrip(model: SchemaModel): boolean {
  return model.kind === 'union' && !isDiscriminated(model.schema) && model.options.some((o) => o.kind === 'object' && o.unknownKeys !== 'keep');
}

const below = new WeakMap<SchemaModel, boolean>();

/** True when such a union lies at or below this model (walk children only; union branches are revisited on their own). */
function hasStrippingUnion(model: SchemaModel, depth = 0): boolean {
  const known = below.get(model);
  if (known !== undefined) return known;
  if (depth > 24) return false;
  below.set(model, false); // a recursive schema meets itself: no answer yet means no
  const children = model.kind === 'object' ? [...model.shape.values(), ...(model.catchall === undefined ? [] : [model.catchall])] : model.kind === 'array' ? [model.element] : model.kind === 'record' ? [model.value] : [];
  const result = mayStrip(model) || children.some((c) => hasStrippingUnion(c, depth + 1));
  below.set(model, result);
  return result;
}

const SCOPE = walkScope(
  (at) => mayStrip(at.model),
  (at) => hasStrippingUnion(at.model),
);

/** Whether a branch keeps a key: any key for a record or a loose object, a declared one for another object. */
function keeps(model: SchemaModel, key: string): boolean {
  if (model.kind === 'record' || (model.kind === 'object' && model.unknownKeys === 'keep')) return true;
  return model.kind === 'object' && model.shape.has(key);
}

interface Better {
  readonly index: number;
  readonly output: unknown;
  readonly interventions: Intervention[];
  readonly message: string;
}

/** The branch to take instead of Zod's first valid one, or null when Zod's choice loses nothing it could keep. */
function betterBranch(node: unknown, model: UnionModel, path: ValuePath, depth: number): Better | null {
  if (!isPlainObject(node)) return null;
  const keys = Object.keys(node);
  const kept = model.options.map((o) => keys.filter((k) => keeps(o, k)).length);
  // Cheap exit, before any validation: every branch keeps every key.
  if (kept.every((k) => k === keys.length)) return null;
  const valid = model.schemas.map((schema) => isValid(schema as AnySchema, node));
  const first = valid.indexOf(true);
  if (first < 0) return null;
  let most = -1;
  let winners: number[] = [];
  kept.forEach((k, i) => {
    if (!valid[i] || k < most) return;
    if (k > most) [most, winners] = [k, []];
    winners.push(i);
  });
  if (winners.includes(first)) return null;
  const index = winners[0]!;
  const schema = model.schemas[index] as AnySchema;
  const checked = checkValue(schema, node);
  if (!checked.ok) return null;
  // Branches keeping as many keys with different values: the schema's order settles it, as before.
  for (const other of winners.slice(1)) {
    const rival = checkValue(model.schemas[other] as AnySchema, node);
    if (!rival.ok || !deepEqual(rival.value, checked.value)) return null;
  }
  const inner = keepUnionKeys(node, checked.value, toContract(schema, 'union-branch'), depth + 1);
  const lost = keys.filter((k) => keeps(model.options[index]!, k) && !keeps(model.options[first]!, k));
  const message = `Kept ${lost.map((k) => `"${k}"`).join(', ')} at ${formatPath(path)} with ${describeBranch(model.options[index]!, index)} of ${model.options.length}: ${describeBranch(model.options[first]!, first)}, the first that validates, would strip it.`;
  return { index, output: inner.value, interventions: inner.interventions.map((i) => (i.path === undefined ? i : { ...i, path: [...path, ...i.path] })), message };
}

/** The node at `path`, or undefined when the output has no such place (a transform reshaped it). */
function nodeAt(root: unknown, path: ValuePath): unknown {
  let node = root;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number') node = node[segment];
    else if (isPlainObject(node) && typeof segment === 'string') node = getOwn(node, segment);
    else return undefined;
  }
  return node;
}

/**
 * Puts back the keys a union's first valid branch would strip, when another valid branch keeps
 * them: `input` is the value validated, `output` what the schema returned for it.
 *
 * @example
 * const ab = z.union([z.object({ a: z.number() }), z.object({ a: z.number(), b: z.number() })]);
 * keepUnionKeys({ a: 1, b: 2 }, { a: 1 }, toContract(ab)).value // { a: 1, b: 2 } (union_keys_kept)
 */
export function keepUnionKeys<T>(input: unknown, output: T, contract: Contract<T>, depth = 0): { value: T; interventions: Intervention[] } {
  const plan = planFor(contract as Contract<unknown>);
  if (depth > MAX_DEPTH || !hasStrippingUnion(plan.model)) return { value: output, interventions: [] };
  const found: { path: ValuePath; better: Better }[] = [];
  walkValue(input, plan, (node, at) => {
    if (at.model.kind !== 'union') return node;
    const better = betterBranch(node, at.model, at.path, depth);
    if (better !== null) found.push({ path: at.path, better });
    return node;
  }, 'pre', SCOPE);
  let value: unknown = output;
  const interventions: Intervention[] = [];
  for (const { path, better } of found) {
    if (path.length > 0 && nodeAt(value, path) === undefined) continue;
    value = replaceAt(value, path, () => better.output);
    interventions.push(normalizeChange('union_keys_kept', 'cleanup', better.message, path), ...better.interventions);
  }
  return { value: value as T, interventions };
}
