/**
 * Wrapper unwrapping (output-normalization seed): a root object whose only key
 * is a wrapper (`output`, `result`, …, or a contract's own) is replaced by the
 * wrapped value; chains (`result -> prd`) unwrap at once, recorded as one change.
 * A declared root key is data, except one the schema types as a scalar
 * (`artifact: 'prd'`) holding an object: `artifact: { prd: {…} }` is a wrapper.
 */
import type { Contract } from '../contract/contract.js';
import { normKey, planFor } from '../contract/normalization-plan.js';
import type { SchemaModel } from '../contract/schema-model.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { isPlainObject } from './value-tree.js';

const MAX_CHAIN = 8;

function fitsRoot(value: unknown, expect: Contract['expect']): boolean {
  if (expect === 'object') return isPlainObject(value);
  if (expect === 'array') return Array.isArray(value);
  return typeof value === 'object' && value !== null;
}

const SCALAR_KINDS: ReadonlySet<SchemaModel['kind']> = new Set(['enum', 'string', 'number', 'boolean']);

/** True when the root schema declares this key (by normalized spelling) as a scalar. */
function declaredScalar(model: SchemaModel, norm: string): boolean {
  if (model.kind !== 'object') return false;
  for (const [key, child] of model.shape) if (normKey(key) === norm) return SCALAR_KINDS.has(child.kind);
  return false;
}

/** A generic wrapper chain that ends in a list or a scalar: there is no artifact inside. */
function collapsedToNonObject(chain: readonly string[], inner: unknown): NormalizeOutcome {
  const kind = Array.isArray(inner) ? 'a list' : inner === null ? 'null' : `a ${typeof inner}`;
  const message = `The root holds only the key "${chain.join(' -> ')}", whose value is ${kind}: a one-key root is a wrapper for this contract, and it wraps no object.`;
  return { value: inner, interventions: [], failure: { message, issues: [{ path: chain.join('.'), message }] } };
}

/**
 * Removes wrapper keys around the artifact.
 *
 * @example
 * unwrapWrapperKeys({ result: { prd: { title: 'x' } } }, prdContract).interventions[0].message
 * // 'Removed wrapper key chain "result -> prd" from top level.'
 */
export function unwrapWrapperKeys(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const plan = planFor(contract);
  // A record root accepts any key: a wrapper cannot be told from data there.
  if ((plan.wrappers.size === 0 && !plan.genericWrappers) || plan.model.kind === 'record') return { value, interventions: [] };
  const known = plan.normalizedRootKeys;
  const chain: string[] = [];
  let current = value;
  while (chain.length < MAX_CHAIN && isPlainObject(current)) {
    const keys = Object.keys(current);
    if (keys.length !== 1) break;
    const key = keys[0]!;
    const norm = normKey(key);
    const inner = current[key];
    if (plan.genericWrappers) {
      // Generic wrappers: the only key of a root is never data, whatever its name.
      if (!isPlainObject(inner)) return collapsedToNonObject([...chain, key], inner);
      chain.push(key);
      current = inner;
      continue;
    }
    if (!plan.wrappers.has(norm)) break;
    if (!fitsRoot(inner, plan.expect)) break;
    // A key the contract declares at the root is data, unless it is declared a scalar and holds the artifact.
    if (known.has(norm) && (chain.length > 0 || !declaredScalar(plan.model, norm))) break;
    chain.push(key);
    current = inner;
  }
  if (chain.length === 0) return { value, interventions: [] };
  const names = chain.join(' -> ');
  const message = chain.length === 1 ? `Removed wrapper key "${names}" from top level.` : `Removed wrapper key chain "${names}" from top level.`;
  return { value: current, interventions: [normalizeChange('wrapper_unwrapped', 'cleanup', message, [], names, '')] };
}
