/**
 * Where the open part of a partial value sits in the contract. Only the spine of a streamed
 * value can be incomplete: the chain of containers still open, from the root to the place the
 * text has reached. Each step of it is resolved to the schema's place (pattern and model) and
 * to the key the value will have once normalized: a declared key, or the field an alias or a
 * spelling (`Title`, `title_text`) names; a root wrapper key (`{"output": {…`) is skipped, as
 * normalization unwraps it. The contract's stream rules (atomic places, fields required to
 * start an object) are read at those places.
 */
import type { Contract } from '../contract/contract.js';
import { expandSpecPath, normKey, planFor, splitPattern, type NormalizationPlan } from '../contract/normalization-plan.js';
import { UNKNOWN_MODEL, type SchemaModel } from '../contract/schema-model.js';
import { childPattern } from '../normalize/walk-value.js';

/** A place of the schema a spine step stands at. */
export interface Place {
  readonly pattern: string;
  readonly model: SchemaModel;
  /** The step's segment in the normalized value's path; undefined for a skipped wrapper key. */
  readonly segment: string | number | undefined;
}

/** A contract's stream rules, compiled to patterns. */
export interface StreamRules {
  readonly atomic: ReadonlySet<string>;
  /** Object pattern → fields it needs before it appears. */
  readonly requiredToStart: ReadonlyMap<string, readonly string[]>;
}

const rulesCache = new WeakMap<object, StreamRules>();

/**
 * The stream rules of a contract (`stream.atomic`, `stream.requiredToStart`), compiled once.
 *
 * @example
 * streamRules(defineContract({ name: 'r', schema, stream: { requiredToStart: ['issues[].id'] } })).requiredToStart.get('issues[]') // ['id']
 */
export function streamRules(contract: Contract<unknown>): StreamRules {
  const cached = rulesCache.get(contract);
  if (cached !== undefined) return cached;
  const plan = planFor(contract);
  const spec = contract.normalization.stream;
  const atomic = new Set((spec?.atomic ?? []).flatMap((path) => expandSpecPath(plan.model, path)));
  const requiredToStart = new Map<string, string[]>();
  for (const path of spec?.requiredToStart ?? []) {
    for (const pattern of expandSpecPath(plan.model, path)) {
      const [parent, key] = splitPattern(pattern);
      requiredToStart.set(parent, [...(requiredToStart.get(parent) ?? []), key]);
    }
  }
  const rules = { atomic, requiredToStart };
  rulesCache.set(contract, rules);
  return rules;
}

/** The root's place. */
export function rootPlace(plan: NormalizationPlan): Place {
  return { pattern: '', model: plan.model, segment: undefined };
}

/** The object model a key is read against: the object itself, or the first union branch that declares the key. */
function objectFor(model: SchemaModel, key: string): Extract<SchemaModel, { kind: 'object' }> | undefined {
  if (model.kind === 'object') return model;
  if (model.kind !== 'union') return undefined;
  const norm = normKey(key);
  for (const option of model.options) {
    if (option.kind !== 'object') continue;
    for (const declared of option.shape.keys()) if (declared === key || normKey(declared) === norm) return option;
  }
  return undefined;
}

/**
 * The declared key a text key stands for at a place: itself, the field whose alias it is, or
 * the field spelled alike up to case and separators; the key itself when none.
 *
 * @example
 * canonicalKey(plan, rootPlace(plan), 'Title') // 'title'
 */
export function canonicalKey(plan: NormalizationPlan, place: Place, key: string): string {
  const object = objectFor(place.model, key);
  if (object?.shape.has(key) === true) return key;
  const norm = normKey(key);
  for (const [canonical, aliases] of plan.aliases.get(place.pattern) ?? []) {
    if (aliases.some((alias) => normKey(alias) === norm)) return canonical;
  }
  for (const declared of object?.shape.keys() ?? []) if (normKey(declared) === norm) return declared;
  return key;
}

/**
 * The place of a member (an object key, an array index) below a place.
 *
 * @example
 * childPlace(plan, rootPlace(plan), 'issues') // { pattern: 'issues', model: { kind: 'array', … }, segment: 'issues' }
 */
export function childPlace(plan: NormalizationPlan, place: Place, slot: string | number): Place {
  const model = place.model;
  if (typeof slot === 'number') return { pattern: `${place.pattern}[]`, model: model.kind === 'array' ? model.element : UNKNOWN_MODEL, segment: slot };
  if (model.kind === 'record') return { pattern: childPattern(place.pattern, model, slot), model: model.value, segment: slot };
  const object = objectFor(model, slot);
  const key = canonicalKey(plan, place, slot);
  const child = object?.shape.get(key) ?? object?.catchall ?? UNKNOWN_MODEL;
  return { pattern: object === undefined ? `${place.pattern === '' ? '' : `${place.pattern}.`}${key}` : childPattern(place.pattern, object, key), model: child, segment: key };
}

/**
 * True when a root key is a wrapper normalization will unwrap (`output`, `result`, a contract's
 * own): the key alone at the root, not declared by the root schema.
 */
export function isRootWrapper(plan: NormalizationPlan, key: string): boolean {
  const norm = normKey(key);
  return plan.model.kind !== 'record' && plan.wrappers.has(norm) && !plan.normalizedRootKeys.has(norm);
}

/**
 * True when a place's schema takes a string as it is: a string, a union with one, or a schema
 * that says nothing. A cut-off string anywhere else (an enum, a number) is not a value yet.
 */
export function takesString(model: SchemaModel): boolean {
  if (model.kind === 'union') return model.options.some(takesString);
  return model.kind === 'string' || model.kind === 'unknown';
}
