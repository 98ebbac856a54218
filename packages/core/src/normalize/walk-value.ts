/**
 * Copy-on-write walk of a value alongside its schema model. Stages visit
 * nodes and return a replacement (the same reference when nothing changed);
 * only the spine above a change is copied, so an untouched value comes back
 * as the very same object.
 */
import type { SchemaModel } from '../contract/schema-model.js';
import { fieldPattern, UNKNOWN_MODEL } from '../contract/normalization-plan.js';
import type { ValuePath } from '../types.js';
import { copyObject, isPlainObject, setOwn } from './value-tree.js';

/** Where a visited node sits: value path, spec pattern (`epics[].id`) and model. */
export interface WalkLocation {
  readonly path: ValuePath;
  readonly pattern: string;
  readonly model: SchemaModel;
}

/**
 * A place in the schema: pattern and model, with its children cached so that
 * each pattern is one string instance (its hash is computed once, not per
 * visited node).
 */
interface Slot {
  readonly pattern: string;
  readonly model: SchemaModel;
  element?: Slot;
  fields?: Map<string, Slot>;
}

const roots = new WeakMap<SchemaModel, Slot>();

function rootSlot(model: SchemaModel): Slot {
  let slot = roots.get(model);
  if (slot === undefined) roots.set(model, (slot = { pattern: '', model }));
  return slot;
}

function childSlot(slot: Slot, key: string | number): Slot {
  if (typeof key === 'number') return (slot.element ??= { pattern: `${slot.pattern}[]`, model: childModel(slot.model, key) });
  const name = slot.model.kind === 'record' ? '*' : key;
  const cached = slot.fields?.get(name);
  if (cached !== undefined) return cached;
  const made: Slot = { pattern: fieldPattern(slot.pattern, name), model: childModel(slot.model, key) };
  // Only places the schema declares are cached: their number is bounded by the
  // schema, while hostile input may bring any number of unknown keys.
  if (made.model !== UNKNOWN_MODEL) (slot.fields ??= new Map()).set(name, made);
  return made;
}

/** The path is built only when a visitor asks (it does so only to record a change). */
class Location implements WalkLocation {
  private cachedPath: ValuePath | undefined;
  constructor(
    readonly parent: Location | null,
    readonly key: string | number,
    readonly slot: Slot,
  ) {}
  get pattern(): string {
    return this.slot.pattern;
  }
  get model(): SchemaModel {
    return this.slot.model;
  }
  get path(): ValuePath {
    return (this.cachedPath ??= this.parent === null ? [] : [...this.parent.path, this.key]);
  }
}

export type Visitor = (value: unknown, location: WalkLocation) => unknown;

/** Whether a walk enters a node's children; stages skip subtrees with nothing to do. */
export type Descend = (location: WalkLocation) => boolean;

/** Deeper values are left as they are; parsers already bound depth, this bounds recursion. */
const MAX_WALK_DEPTH = 512;

function childModel(model: SchemaModel, key: string | number): SchemaModel {
  if (typeof key === 'number') return model.kind === 'array' ? model.element : UNKNOWN_MODEL;
  if (model.kind === 'object') return model.shape.get(key) ?? UNKNOWN_MODEL;
  if (model.kind === 'record') return model.value;
  return UNKNOWN_MODEL;
}

function child(location: Location, key: string | number): Location {
  return new Location(location, key, childSlot(location.slot, key));
}

function walk(value: unknown, location: Location, visit: Visitor, order: 'pre' | 'post', depth: number, descend: Descend): unknown {
  let current = order === 'pre' ? visit(value, location) : value;
  if (depth < MAX_WALK_DEPTH && typeof current === 'object' && current !== null && descend(location)) {
    if (location.model.kind === 'array' && isPlainObject(current)) {
      // A single object where a list is expected becomes its element 0 in
      // coercion; stages before that already treat it as that element.
      current = walk(current, child(location, 0), visit, order, depth + 1, descend);
    } else if (Array.isArray(current)) {
      let copy: unknown[] | null = null;
      for (let i = 0; i < current.length; i++) {
        const item = current[i];
        const next = walk(item, child(location, i), visit, order, depth + 1, descend);
        if (next !== item) (copy ??= current.slice())[i] = next;
      }
      if (copy !== null) current = copy;
    } else if (isPlainObject(current)) {
      let copy: Record<string, unknown> | null = null;
      for (const key of Object.keys(current)) {
        const item = current[key];
        const next = walk(item, child(location, key), visit, order, depth + 1, descend);
        if (next !== item) setOwn((copy ??= copyObject(current)), key, next);
      }
      if (copy !== null) current = copy;
    }
  }
  return order === 'post' ? visit(current, location) : current;
}

/**
 * Walks `value` with `model`; `pre` visits a node before its children (so a
 * rewritten node's new children are walked), `post` after them.
 *
 * @example
 * walkValue({ n: '1' }, model, (v, at) => (at.model.kind === 'number' && v === '1' ? 1 : v)) // { n: 1 }
 */
export function walkValue(value: unknown, model: SchemaModel, visit: Visitor, order: 'pre' | 'post' = 'pre', descend: Descend = () => true): unknown {
  return walk(value, new Location(null, '', rootSlot(model)), visit, order, 0, descend);
}

/**
 * Visits every object whose pattern has field rules (`rules.get(pattern)`),
 * letting the visitor return a replacement object. `prefixes` are the
 * patterns on the way to a rule (see `patternPrefixes`).
 *
 * @example
 * walkFieldRules(value, model, plan.defaults, plan.prefixes.defaults, 'pre', (object, rules, at) => object)
 */
export function walkFieldRules<T>(
  value: unknown,
  model: SchemaModel,
  rules: ReadonlyMap<string, ReadonlyMap<string, T>>,
  prefixes: ReadonlySet<string>,
  order: 'pre' | 'post',
  visit: (object: Record<string, unknown>, fields: ReadonlyMap<string, T>, location: WalkLocation) => Record<string, unknown>,
): unknown {
  if (rules.size === 0) return value;
  return walkValue(
    value,
    model,
    (node, location) => {
      const fields = rules.get(location.pattern);
      return fields === undefined || !isPlainObject(node) ? node : visit(node, fields, location);
    },
    order,
    (location) => prefixes.has(location.pattern),
  );
}
