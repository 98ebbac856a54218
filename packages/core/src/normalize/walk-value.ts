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
 * visited node) and walking a known place allocates nothing.
 */
interface Slot {
  readonly pattern: string;
  readonly model: SchemaModel;
  element?: Slot;
  fields?: Map<string, Slot>;
  /** How many undeclared keys are cached in `fields` (see {@link MAX_UNDECLARED}). */
  undeclared?: number;
}

/**
 * Undeclared keys cached per declared object: loose objects repeat the same
 * extra keys output after output, while hostile input may bring any number
 * of them, so the cache is capped (past it, a slot is made per visit).
 */
const MAX_UNDECLARED = 32;

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
  // Declared places are bounded by the schema; undeclared ones only below a
  // declared place and up to the cap, so no input can grow the cache unboundedly.
  if (made.model !== UNKNOWN_MODEL) (slot.fields ??= new Map()).set(name, made);
  else if (slot.model !== UNKNOWN_MODEL && (slot.undeclared ?? 0) < MAX_UNDECLARED) {
    slot.undeclared = (slot.undeclared ?? 0) + 1;
    (slot.fields ??= new Map()).set(name, made);
  }
  return made;
}

/**
 * The one location of a walk, moved from node to node: visiting allocates
 * nothing, and the path is built only when a visitor asks (it does so only to
 * record a change). Visitors must not keep it past their call.
 */
class Cursor implements WalkLocation {
  /** Keys from the root to the current node. */
  readonly keys: (string | number)[] = [];
  constructor(public slot: Slot) {}
  get pattern(): string {
    return this.slot.pattern;
  }
  get model(): SchemaModel {
    return this.slot.model;
  }
  get path(): ValuePath {
    return this.keys.slice();
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

interface Walk {
  readonly cursor: Cursor;
  readonly visit: Visitor;
  readonly order: 'pre' | 'post';
  readonly descend: Descend;
}

function walkChild(walk: Walk, value: unknown, slot: Slot, key: string | number, depth: number): unknown {
  const { keys } = walk.cursor;
  keys.push(key);
  const next = walkNode(walk, value, childSlot(slot, key), depth + 1);
  keys.pop();
  return next;
}

function walkNode(walk: Walk, value: unknown, slot: Slot, depth: number): unknown {
  const { cursor, visit, order } = walk;
  cursor.slot = slot;
  let current = order === 'pre' ? visit(value, cursor) : value;
  if (depth < MAX_WALK_DEPTH && typeof current === 'object' && current !== null && walk.descend(cursor)) {
    if (slot.model.kind === 'array' && !Array.isArray(current)) {
      // A single object where a list is expected becomes its element 0 in
      // coercion; stages before that already treat it as that element.
      current = walkChild(walk, current, slot, 0, depth);
    } else if (Array.isArray(current)) {
      let copy: unknown[] | null = null;
      for (let i = 0; i < current.length; i++) {
        const item: unknown = current[i];
        const next = walkChild(walk, item, slot, i, depth);
        if (next !== item) (copy ??= current.slice())[i] = next;
      }
      if (copy !== null) current = copy;
    } else {
      const object = current as Record<string, unknown>;
      let copy: Record<string, unknown> | null = null;
      for (const key of Object.keys(object)) {
        const item = object[key];
        const next = walkChild(walk, item, slot, key, depth);
        if (next !== item) setOwn((copy ??= copyObject(object)), key, next);
      }
      if (copy !== null) current = copy;
    }
    cursor.slot = slot;
  }
  return order === 'post' ? visit(current, cursor) : current;
}

/**
 * Walks `value` with `model`; `pre` visits a node before its children (so a
 * rewritten node's new children are walked), `post` after them.
 *
 * @example
 * walkValue({ n: '1' }, model, (v, at) => (at.model.kind === 'number' && v === '1' ? 1 : v)) // { n: 1 }
 */
export function walkValue(value: unknown, model: SchemaModel, visit: Visitor, order: 'pre' | 'post' = 'pre', descend: Descend = () => true): unknown {
  const root = rootSlot(model);
  return walkNode({ cursor: new Cursor(root), visit, order, descend }, value, root, 0);
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
