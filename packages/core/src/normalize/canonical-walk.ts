/**
 * The canonical-shape walk (see shape-is-canonical.ts): one read-only walk answers whether
 * aliasing, extras and coercion would all leave a value as it is. It asks each stage's own
 * predicate at each stage's own places, so its answer cannot drift from the stages. The
 * generated check (shape-check-code.ts) covers the usual shapes and hands it the rest.
 *
 * The walk is compiled per plan: each place of the schema becomes a {@link Place}
 * holding what the three stages' scopes say about it (visited, entered, extras
 * policy, synonym table), computed once. A value then costs a type test per node
 * and, per object, one pass over its keys against the key lists seen there before:
 * outputs of one contract repeat a handful of key orders, and the stages'
 * predicates are pure in the keys, so their answer is kept with the list. The
 * generic walk (walk-value.ts) asks all of that per node; it cost a clean output
 * about 15 % of its time, this walk about a third of that.
 */
import type { CompiledSynonyms, NormalizationPlan } from '../contract/normalization-plan.js';
import type { SchemaModel } from '../contract/schema-model.js';
import type { ValuePath } from '../types.js';
import { ALIAS_SCOPE, hasAliasedKey, isAliasedKey } from './alias-keys.js';
import { EXTRAS_SCOPE, extrasPolicyAt, hasUndeclaredKey } from './apply-extras-policy.js';
import { COERCE_SCOPE, coerceNode, synonymsAt } from './coerce-by-schema.js';
import { childModel, childPattern, fieldChild, MAX_WALK_DEPTH, recentLayout, rememberLayout, type KeyedPlace, type WalkLocation } from './walk-value.js';

/** Undeclared keys whose answer a place keeps: outputs repeat a few, hostile text may invent thousands. */
const MAX_KEPT_KEYS = 64;

/**
 * Places whose answer is known from the value alone: SKIP where no stage visits or enters;
 * NOT_STRING at a number or boolean place where only coercion acts (it reads strings only);
 * ENUM at an enum place where only coercion acts (an allowed value is left as it is).
 */
export const enum Leaf { SKIP, NOT_STRING, ENUM, WALK }

/** True when a child's value is canonical at its place without a walk; false means "walk it". */
function leafCanonical(child: Place, item: unknown): boolean {
  switch (child.leaf) {
    case Leaf.SKIP:
      return true;
    case Leaf.NOT_STRING:
      return typeof item !== 'string';
    case Leaf.ENUM:
      return child.enumValues!.has(item);
    default:
      return false;
  }
}

/** An object's key list at a place, with the stages' answer for it and its children's places. */
interface Layout {
  readonly keys: readonly string[];
  /** Neither an aliased key nor (where extras are policed) an undeclared one. */
  readonly clean: boolean;
  readonly children: readonly Place[];
}

/**
 * One place of a plan's schema with the three stages' answers about it. It is
 * also the location their predicates read (`hasAliasedKey` keys its table by `place`).
 */
export class Place implements WalkLocation, KeyedPlace<Place> {
  /** Some stage may change a node here (the union of the three scopes' `visits`). */
  readonly visits: boolean;
  /** Some stage may change a node below here. */
  readonly descends: boolean;
  readonly aliases: boolean;
  readonly extras: boolean;
  readonly coerces: boolean;
  readonly synonyms: CompiledSynonyms | undefined;
  readonly isArray: boolean;
  /** How a value here is judged without a call (see {@link Leaf}). */
  readonly leaf: Leaf;
  /** An enum place's values, for {@link Leaf.ENUM}. */
  readonly enumValues: ReadonlySet<unknown> | undefined;
  element: Place | undefined = undefined;
  fields: Map<string, Place> | undefined = undefined;
  undeclared = 0;
  readonly layouts: Layout[] = [];
  /** Undeclared keys met here with their answer (see keepsKey), up to {@link MAX_KEPT_KEYS}. */
  private keptKeys: Map<string, boolean> | undefined = undefined;

  constructor(
    readonly plan: NormalizationPlan,
    readonly pattern: string,
    readonly model: SchemaModel,
  ) {
    this.aliases = ALIAS_SCOPE.visits(this, plan);
    this.extras = EXTRAS_SCOPE.visits(this, plan) && extrasPolicyAt(model, plan) !== undefined;
    this.coerces = COERCE_SCOPE.visits(this, plan);
    this.visits = this.aliases || EXTRAS_SCOPE.visits(this, plan) || this.coerces;
    this.descends = ALIAS_SCOPE.descend(this, plan) || EXTRAS_SCOPE.descend(this, plan) || COERCE_SCOPE.descend(this, plan);
    this.synonyms = synonymsAt(plan, pattern);
    this.isArray = model.kind === 'array';
    // Only coercion acts here, and nothing below: a scalar place's answer needs no walk.
    const scalarOnly = !this.aliases && !this.extras && !this.descends && this.synonyms === undefined;
    if (!this.visits && !this.descends) this.leaf = Leaf.SKIP;
    else if (scalarOnly && (model.kind === 'number' || model.kind === 'boolean')) this.leaf = Leaf.NOT_STRING;
    else if (scalarOnly && model.kind === 'enum') this.leaf = Leaf.ENUM;
    else this.leaf = Leaf.WALK;
    this.enumValues = this.leaf === Leaf.ENUM && model.kind === 'enum' ? new Set(model.values) : undefined;
  }

  get place(): object {
    return this;
  }

  /** Never read by the predicates asked here (they record nothing). */
  get path(): ValuePath {
    return [];
  }

  /** Whether a child here can matter: a stage visits it, or enters it and it has children. */
  static matters(child: Place, value: unknown): boolean {
    return child.visits || (child.descends && typeof value === 'object' && value !== null);
  }

  elementPlace(): Place {
    return (this.element ??= new Place(this.plan, childPattern(this.pattern, this.model, 0), childModel(this.model, 0)));
  }

  /** The place of a key, made and cached as the walk's slots are (see fieldChild). */
  fieldPlace(key: string): Place {
    return fieldChild(this, key, (pattern, model) => new Place(this.plan, pattern, model));
  }

  /**
   * Whether an undeclared key leaves an object here as it is, as far as the key goes: no
   * extras policy acts here and aliasing does not take it. Answered once per key.
   */
  keepsKey(key: string): boolean {
    if (this.extras) return false;
    if (!this.aliases) return true;
    const known = this.keptKeys?.get(key);
    if (known !== undefined) return known;
    const kept = !isAliasedKey(key, this.plan, this);
    if ((this.keptKeys ??= new Map()).size < MAX_KEPT_KEYS) this.keptKeys.set(key, kept);
    return kept;
  }

  /** The layout of an object here: a cached one (see recentLayout), else a new one, remembered. */
  layoutOf(object: object): Layout {
    const known = recentLayout(this.layouts, object, keysMatch);
    if (known !== undefined) return known;
    const keys = Object.keys(object);
    const clean = !(this.aliases && hasAliasedKey(keys, this.plan, this)) && !(this.extras && hasUndeclaredKey(keys, this.model));
    const layout: Layout = { keys, clean, children: keys.map((key) => this.fieldPlace(key)) };
    rememberLayout(this.layouts, layout, this.model);
    return layout;
  }
}

/**
 * Whether an object's keys, as `for…in` yields them, are the layout's keys. `for…in` reads
 * the engine's cached key list of the object's shape: no array is made, as `Object.keys`
 * makes one. It yields the own keys in `Object.keys` order, then enumerable inherited ones,
 * so a match means the own keys are a prefix of the layout: the key predicates only find
 * more to do in more keys, and reading an inherited value only adds a check, so the answer
 * stays sound.
 */
function keysMatch(object: object, keys: readonly string[]): boolean {
  let k = 0;
  for (const key in object) {
    if (keys[k] !== key) return false;
    k++;
  }
  return k === keys.length;
}

const roots = new WeakMap<NormalizationPlan, Place>();

/** The plan's root place, made once. */
export function rootPlace(plan: NormalizationPlan): Place {
  let place = roots.get(plan);
  if (place === undefined) roots.set(plan, (place = new Place(plan, '', plan.model)));
  return place;
}

/**
 * Whether an object here stays canonical as far as one undeclared key and its value go: the
 * key is kept (see Place.keepsKey) and the value is canonical at the key's place.
 *
 * @example
 * undeclaredCanonical(place, 'confidence', 0.9, 0) // true in a loose object without aliases for it
 */
export function undeclaredCanonical(place: Place, key: string, value: unknown, depth: number): boolean {
  if (!place.keepsKey(key)) return false;
  if (!place.descends || depth >= MAX_WALK_DEPTH) return true;
  return childCanonical(place.fieldPlace(key), value, depth);
}

/** Whether a child's value (of a node at `depth`) is canonical at its place: at a glance, or by the walk where it matters. */
function childCanonical(child: Place, item: unknown, depth: number): boolean {
  return leafCanonical(child, item) || !Place.matters(child, item) || canonicalAt(item, child, depth + 1);
}

/**
 * The walk: the generic walk's order and bounds (pre-order, entered where a stage descends, 512 deep).
 *
 * @example
 * canonicalAt(value, rootPlace(plan), 0) // false when a stage would change the value
 */
export function canonicalAt(node: unknown, place: Place, depth: number): boolean {
  const isObject = typeof node === 'object' && node !== null;
  const isList = isObject && Array.isArray(node);
  let layout: Layout | undefined;
  if (place.visits) {
    if (isObject && !isList && (place.aliases || place.extras)) {
      layout = place.layoutOf(node);
      if (!layout.clean) return false;
    }
    if (place.coerces && coerceNode(node, place.model, place.synonyms) !== null) return false;
  }
  if (!isObject || !place.descends || depth >= MAX_WALK_DEPTH) return true;
  if (isList) {
    const element = place.elementPlace();
    if (!element.visits && !element.descends) return true;
    const list = node as unknown[];
    for (let i = 0; i < list.length; i++) {
      if (!childCanonical(element, list[i], depth)) return false;
    }
    return true;
  }
  // A single object where a list is expected stands for its element 0 (as in the walk).
  if (place.isArray) {
    const element = place.elementPlace();
    return !Place.matters(element, node) || canonicalAt(node, element, depth + 1);
  }
  const object = node as Record<string, unknown>;
  const { children } = (layout ??= place.layoutOf(object));
  // In the layout's order: `for…in` yields the own keys first, as Object.keys lists them.
  let i = 0;
  for (const key in object) {
    if (i >= children.length) break;
    if (!childCanonical(children[i++]!, object[key], depth)) return false;
  }
  return true;
}
