/**
 * Copy-on-write walk of a value alongside its schema model. Stages visit
 * nodes and return a replacement (the same reference when nothing changed);
 * only the spine above a change is copied, so an untouched value comes back
 * as the very same object.
 */
import type { SchemaModel } from '../contract/schema-model.js';
import { fieldPattern, UNKNOWN_MODEL, type NormalizationPlan, type PatternRuleFamily, type PatternRuleTypes } from '../contract/normalization-plan.js';
import type { ValuePath } from '../types.js';
import { copyObject, isPlainObject, sameKeys, setOwn } from './value-tree.js';

/** Where a visited node sits: value path, spec pattern (`epics[].id`) and model. */
export interface WalkLocation {
  readonly path: ValuePath;
  readonly pattern: string;
  readonly model: SchemaModel;
  /** The place itself: one object per pattern of a plan, a key for per-place caches. */
  readonly place: object;
}

/** A place in the schema, as the predicates of a {@link WalkScope} see it. */
export type WalkPlace = Pick<WalkLocation, 'pattern' | 'model'>;

/** A predicate of a {@link WalkScope}: it may read the place and the plan, never the value. */
export type PlacePredicate = (place: WalkPlace, plan: NormalizationPlan) => boolean;

/**
 * Where a stage has something to do, computed once per place of a plan and
 * cached there: make one per stage, at module level, with {@link walkScope}.
 */
export interface WalkScope {
  /** Index of this scope's cached answers. */
  readonly memo: number;
  /** Whether the visitor may change a node here; it is not called where it cannot. */
  readonly visits: PlacePredicate;
  /** Whether a visited place may lie below here; the walk enters children only then. */
  readonly descend: PlacePredicate;
}

let memos = 0;

/**
 * A stage's walk scope (module level: each one owns a cache index).
 *
 * @example
 * const IDS_SCOPE = walkScope((at, plan) => plan.ids.has(at.pattern), (at, plan) => plan.prefixes.ids.has(at.pattern));
 */
export function walkScope(visits: PlacePredicate, descend: PlacePredicate): WalkScope {
  return { memo: memos++, visits, descend };
}

const KNOWN = 1;
const VISITS = 2;
const DESCENDS = 4;

/** Visits every place and enters every child (a visitor that decides alone). */
const EVERYWHERE = walkScope(() => true, () => true);

/**
 * A place in the schema: pattern and model, with its children and the scopes'
 * answers cached, so each pattern is one string instance and walking a known
 * place allocates nothing. A class, so every slot has one hidden class and
 * the walk's property reads stay monomorphic.
 */
class Slot {
  element: Slot | undefined = undefined;
  fields: Map<string, Slot> | undefined = undefined;
  /** How many undeclared keys are cached in `fields` (see {@link MAX_UNDECLARED}). */
  undeclared = 0;
  /** Scope answers by memo index: KNOWN | VISITS | DESCENDS bits. */
  readonly flags: number[] = [];
  /** Key lists of recent objects seen here with their children's slots, most recent first (see {@link childSlots}). */
  readonly layouts: Layout[] = [];
  /** `model.kind`, read once: models have several shapes, slots one. */
  readonly kind: SchemaModel['kind'];
  constructor(
    readonly pattern: string,
    readonly model: SchemaModel,
  ) {
    this.kind = model.kind;
  }
}

/**
 * Undeclared keys cached per declared object: loose objects repeat the same
 * extra keys output after output, while hostile input may bring any number
 * of them, so the cache is capped (past it, a slot is made per visit).
 */
const MAX_UNDECLARED = 32;

/** Slot trees per plan: scope answers depend on the plan (its rules), not only on the model. */
const roots = new WeakMap<NormalizationPlan, Slot>();

function rootSlot(plan: NormalizationPlan): Slot {
  let slot = roots.get(plan);
  if (slot === undefined) roots.set(plan, (slot = new Slot('', plan.model)));
  return slot;
}

/** The model of a child at `key` (an index for an array's elements): unknown where the schema says nothing. */
export function childModel(model: SchemaModel, key: string | number): SchemaModel {
  if (typeof key === 'number') return model.kind === 'array' ? model.element : UNKNOWN_MODEL;
  if (model.kind === 'object') return model.shape.get(key) ?? model.catchall ?? UNKNOWN_MODEL;
  if (model.kind === 'record') return model.value;
  return UNKNOWN_MODEL;
}

/** True for a key whose place all keys share: any key of a record, an undeclared key of an object with a catchall. */
function anyKey(model: SchemaModel, key: string): boolean {
  return model.kind === 'record' || (model.kind === 'object' && model.catchall !== undefined && !model.shape.has(key));
}

/** The pattern of a child at `key`: `[]` for an element, `*` for any key of a record (or a catchall's key). */
export function childPattern(pattern: string, model: SchemaModel, key: string | number): string {
  if (typeof key === 'number') return `${pattern}[]`;
  return fieldPattern(pattern, anyKey(model, key) ? '*' : key);
}

/** A place of a schema tree that keeps its children by key (see {@link fieldChild}). */
export interface KeyedPlace<P> {
  readonly pattern: string;
  readonly model: SchemaModel;
  fields: Map<string, P> | undefined;
  /** How many undeclared keys are cached in `fields` (see {@link MAX_UNDECLARED}). */
  undeclared: number;
}

/**
 * The child place of an object key, made once: a record's keys share one (`*`). Declared
 * places are bounded by the schema; undeclared ones are cached only below a declared place
 * and up to the cap, so no input grows the cache unboundedly.
 *
 * @example
 * fieldChild(slot, 'title', (pattern, model) => new Slot(pattern, model))
 */
export function fieldChild<P extends { readonly model: SchemaModel }>(parent: KeyedPlace<P>, key: string, make: (pattern: string, model: SchemaModel) => P): P {
  // One place for all of them: a catchall's keys are as many as the input brings.
  const name = anyKey(parent.model, key) ? '*' : key;
  const cached = parent.fields?.get(name);
  if (cached !== undefined) return cached;
  const made = make(childPattern(parent.pattern, parent.model, key), childModel(parent.model, key));
  if (made.model !== UNKNOWN_MODEL) (parent.fields ??= new Map()).set(name, made);
  else if (parent.model !== UNKNOWN_MODEL && parent.undeclared < MAX_UNDECLARED) {
    parent.undeclared++;
    (parent.fields ??= new Map()).set(name, made);
  }
  return made;
}

const makeSlot = (pattern: string, model: SchemaModel): Slot => new Slot(pattern, model);

function childSlot(slot: Slot, key: string | number): Slot {
  if (typeof key === 'number') return (slot.element ??= new Slot(childPattern(slot.pattern, slot.model, key), childModel(slot.model, key)));
  return fieldChild(slot, key, makeSlot);
}

interface Layout {
  readonly keys: readonly string[];
  readonly children: readonly Slot[];
}

/** Objects longer than this are not cached (they would pin a long list for nothing). */
const MAX_CACHED_KEYS = 64;
/** Key orders cached per place: outputs of one contract use a handful (optional keys come and go). */
const MAX_LAYOUTS = 8;

/**
 * The slots of an object's keys. Outputs of one contract mostly repeat a few
 * key orders, so recent ones are kept: comparing parsed keys (interned
 * strings) is cheaper than one map lookup per key.
 */
function childSlots(slot: Slot, keys: readonly string[]): readonly Slot[] {
  const known = recentLayout(slot.layouts, keys, sameKeys);
  if (known !== undefined) return known.children;
  const children = keys.map((key) => childSlot(slot, key));
  rememberLayout(slot.layouts, { keys, children }, slot.model);
  return children;
}

/**
 * The cached layout whose keys `match` the probe (an object, or its key list), moved to the
 * front: most recent first, so a run of like objects finds its layout at once.
 *
 * @example
 * recentLayout(slot.layouts, Object.keys(value), sameKeys)
 */
export function recentLayout<L extends { readonly keys: readonly string[] }, K>(layouts: L[], probe: K, match: (probe: K, keys: readonly string[]) => boolean): L | undefined {
  for (let i = 0; i < layouts.length; i++) {
    const layout = layouts[i]!;
    if (!match(probe, layout.keys)) continue;
    if (i > 0) {
      layouts.splice(i, 1);
      layouts.unshift(layout);
    }
    return layout;
  }
  return undefined;
}

/**
 * Caches a new layout first, at a declared place (`model` not unknown) and for a key list of
 * at most {@link MAX_CACHED_KEYS}: like undeclared keys, their number stays bounded by the schema.
 *
 * @example
 * rememberLayout(slot.layouts, { keys, children }, slot.model)
 */
export function rememberLayout<L extends { readonly keys: readonly string[] }>(layouts: L[], layout: L, model: SchemaModel): void {
  if (layout.keys.length > MAX_CACHED_KEYS || model === UNKNOWN_MODEL) return;
  if (layouts.length >= MAX_LAYOUTS) layouts.pop();
  layouts.unshift(layout);
}

function flagsOf(slot: Slot, scope: WalkScope, plan: NormalizationPlan): number {
  const { flags } = slot;
  const known = flags[scope.memo];
  if (known !== undefined) return known;
  const computed = KNOWN | (scope.visits(slot, plan) ? VISITS : 0) | (scope.descend(slot, plan) ? DESCENDS : 0);
  flags[scope.memo] = computed;
  return computed;
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
  get place(): object {
    return this.slot;
  }
  get path(): ValuePath {
    return this.keys.slice();
  }
}

/** Visits a node and returns it or its replacement; `keys` are `Object.keys(value)` when it is a plain object. */
export type Visitor = (value: unknown, location: WalkLocation, keys: readonly string[] | undefined) => unknown;

/** Deeper values are left as they are; parsers already bound depth, this bounds recursion. */
export const MAX_WALK_DEPTH = 512;

interface Walk {
  readonly cursor: Cursor;
  readonly visit: Visitor;
  readonly order: 'pre' | 'post';
  readonly scope: WalkScope;
  readonly plan: NormalizationPlan;
}

/** Walks a child, or returns it as it is when nothing can happen at or below its place. */
function walkChild(walk: Walk, value: unknown, slot: Slot, flags: number, key: string | number, depth: number): unknown {
  if ((flags & VISITS) === 0 && ((flags & DESCENDS) === 0 || typeof value !== 'object' || value === null)) return value;
  const { keys } = walk.cursor;
  keys.push(key);
  const next = walkNode(walk, value, slot, flags, depth + 1);
  keys.pop();
  return next;
}

function walkNode(walk: Walk, value: unknown, slot: Slot, flags: number, depth: number): unknown {
  const { cursor, visit } = walk;
  const pre = walk.order === 'pre';
  cursor.slot = slot;
  // Keys are read once, for the visitor and the walk (unless the visitor replaced the node).
  const valueKeys = pre && (flags & VISITS) !== 0 && isPlainObject(value) ? Object.keys(value) : undefined;
  let current = pre && (flags & VISITS) !== 0 ? visit(value, cursor, valueKeys) : value;
  if (depth < MAX_WALK_DEPTH && typeof current === 'object' && current !== null && (flags & DESCENDS) !== 0) {
    if (slot.kind === 'array' && !Array.isArray(current)) {
      // A single object where a list is expected becomes its element 0 in
      // coercion; stages before that already treat it as that element.
      const element = childSlot(slot, 0);
      current = walkChild(walk, current, element, flagsOf(element, walk.scope, walk.plan), 0, depth);
    } else if (Array.isArray(current)) {
      let copy: unknown[] | null = null;
      const element = childSlot(slot, 0);
      const elementFlags = flagsOf(element, walk.scope, walk.plan);
      for (let i = 0; i < current.length; i++) {
        const item: unknown = current[i];
        const next = walkChild(walk, item, element, elementFlags, i, depth);
        if (next !== item) (copy ??= current.slice())[i] = next;
      }
      if (copy !== null) current = copy;
    } else {
      const object = current as Record<string, unknown>;
      let copy: Record<string, unknown> | null = null;
      const keys = valueKeys !== undefined && current === value ? valueKeys : Object.keys(object);
      const children = childSlots(slot, keys);
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const item = object[key];
        const child = children[i]!;
        const next = walkChild(walk, item, child, flagsOf(child, walk.scope, walk.plan), key, depth);
        if (next !== item) setOwn((copy ??= copyObject(object)), key, next);
      }
      if (copy !== null) current = copy;
    }
    cursor.slot = slot;
  }
  return !pre && (flags & VISITS) !== 0 ? visit(current, cursor, isPlainObject(current) ? Object.keys(current) : undefined) : current;
}

/**
 * Walks `value` with the plan's model; `pre` visits a node before its children
 * (so a rewritten node's new children are walked), `post` after them. Only the
 * places `scope` names are visited and entered.
 *
 * @example
 * walkValue({ n: '1' }, plan, (v, at) => (at.model.kind === 'number' && v === '1' ? 1 : v)) // { n: 1 }
 */
export function walkValue(value: unknown, plan: NormalizationPlan, visit: Visitor, order: 'pre' | 'post' = 'pre', scope: WalkScope = EVERYWHERE): unknown {
  const root = rootSlot(plan);
  return walkNode({ cursor: new Cursor(root), visit, order, scope, plan }, value, root, flagsOf(root, scope, plan), 0);
}

/** The plan's rule families that {@link walkFieldRules} walks. */
export type FieldRuleFamily = 'defaults' | 'derived' | 'context';

const FIELD_RULE_SCOPES: Readonly<Record<FieldRuleFamily, WalkScope>> = {
  defaults: walkScope((at, plan) => plan.defaults.has(at.pattern), (at, plan) => plan.prefixes.defaults.has(at.pattern)),
  derived: walkScope((at, plan) => plan.derived.has(at.pattern), (at, plan) => plan.prefixes.derived.has(at.pattern)),
  context: walkScope((at, plan) => plan.context.has(at.pattern), (at, plan) => plan.prefixes.context.has(at.pattern)),
};

/**
 * Visits every object whose pattern has field rules of the family
 * (`plan[family].get(pattern)`), letting the visitor return a replacement object.
 *
 * @example
 * walkFieldRules(value, plan, 'defaults', 'pre', (object, rules, at) => object)
 */
export function walkFieldRules<F extends FieldRuleFamily>(
  value: unknown,
  plan: NormalizationPlan,
  family: F,
  order: 'pre' | 'post',
  visit: (object: Record<string, unknown>, fields: NonNullable<ReturnType<NormalizationPlan[F]['get']>>, location: WalkLocation) => Record<string, unknown>,
): unknown {
  const rules: NormalizationPlan[F] = plan[family];
  if (rules.size === 0) return value;
  return walkValue(
    value,
    plan,
    (node, location) => {
      const fields = rules.get(location.pattern) as ReturnType<NormalizationPlan[F]['get']>;
      return fields === undefined || !isPlainObject(node) ? node : visit(node, fields, location);
    },
    order,
    FIELD_RULE_SCOPES[family],
  );
}

const PATTERN_RULE_SCOPES = new Map<PatternRuleFamily, WalkScope>();

function patternRuleScope(family: PatternRuleFamily): WalkScope {
  let scope = PATTERN_RULE_SCOPES.get(family);
  if (scope === undefined) {
    scope = walkScope((at, plan) => plan.rules[family].byPattern.has(at.pattern), (at, plan) => plan.rules[family].prefixes.has(at.pattern));
    PATTERN_RULE_SCOPES.set(family, scope);
  }
  return scope;
}

/**
 * Visits every node at a pattern with a rule of the family, letting the
 * visitor return a replacement; returns the value itself when the family is empty.
 *
 * @example
 * walkPatternRules(value, plan, 'nest', 'pre', (node, key) => (typeof node === 'string' ? { [key]: node } : node))
 */
export function walkPatternRules<F extends PatternRuleFamily>(
  value: unknown,
  plan: NormalizationPlan,
  family: F,
  order: 'pre' | 'post',
  visit: (node: unknown, rule: PatternRuleTypes[F], location: WalkLocation) => unknown,
): unknown {
  const rules = plan.rules[family].byPattern as ReadonlyMap<string, PatternRuleTypes[F]>;
  if (rules.size === 0) return value;
  return walkValue(value, plan, (node, location) => {
    const rule = rules.get(location.pattern);
    return rule === undefined ? node : visit(node, rule, location);
  }, order, patternRuleScope(family));
}
