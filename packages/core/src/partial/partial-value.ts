/**
 * The partial value of a snapshot: the complete members of every open container, with the leaf
 * (open-leaf.ts) at the end of the spine, under the keep options and the contract's stream
 * rules. Built bottom-up: a container the options do not keep, an atomic place, or an object
 * missing a field it needs to start takes the rest of the spine below it out of the value. The
 * states of what stays are recorded by the path the value will have once normalized (see
 * stream-places.ts): each open container and a cut-off leaf `incomplete`, each declared field
 * an open object lacks `missing`.
 */
import type { Contract } from '../contract/contract.js';
import { planFor, type NormalizationPlan } from '../contract/normalization-plan.js';
import type { SchemaModel } from '../contract/schema-model.js';
import { setOwn } from '../normalize/value-tree.js';
import type { Intervention, ValuePath } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import { partialChange } from './partial-change.js';
import { frameValue, membersBefore, type Frame } from './open-frame.js';
import { openLeaf, type OpenLeaf } from './open-leaf.js';
import type { IncompleteKind } from './partial-options.js';
import type { OpenPathStates } from './partial-result.js';
import type { ReaderSnapshot } from './reader-state.js';
import { canonicalKey, childPlace, isRootWrapper, rootPlace, streamRules, takesString, type Place, type StreamRules } from './stream-places.js';

type ObjectModel = Extract<SchemaModel, { kind: 'object' }>;

export interface PartialValue {
  readonly present: boolean;
  readonly value: unknown;
  /** Why there is no value yet, when there is none. */
  readonly absence?: string;
  readonly interventions: Intervention[];
  readonly states: OpenPathStates;
  /** A cut-off string kept in the value, at its normalized path. */
  readonly openString?: { readonly path: ValuePath; readonly value: string };
  /** Open objects of the schema's object places, where missing nullable fields read as null. */
  readonly openObjects: readonly { readonly path: ValuePath; readonly model: ObjectModel }[];
}

interface Level {
  readonly frame: Frame;
  readonly place: Place;
  readonly path: ValuePath;
  /** A root wrapper key holds this level: the root's own level is the wrapper, not the object. */
  readonly wrapped?: boolean;
}

/** The open frames of a snapshot, root first, each at its place. */
function levelsOf(snapshot: ReaderSnapshot, plan: NormalizationPlan): Level[] {
  const frames: Frame[] = [];
  for (let f = snapshot.top; f !== undefined; f = f.parent) frames.push(f);
  frames.reverse();
  const levels: Level[] = [];
  frames.forEach((frame, k) => {
    if (k === 0) return levels.push({ frame, place: rootPlace(plan), path: [] });
    const parent = levels[k - 1]!;
    const slot = frame.slot!;
    // `{"output": {…` alone at the root: normalization unwraps it, so the child stands at the root's place.
    const wrapper = k === 1 && typeof slot === 'string' && membersBefore(parent.frame, snapshot.seq) === 0 && isRootWrapper(plan, slot);
    const place = wrapper ? parent.place : childPlace(plan, parent.place, slot);
    return levels.push(wrapper ? { frame, place, path: [], wrapped: true } : { frame, place, path: [...parent.path, place.segment!] });
  });
  return levels;
}

/** The declared fields an object place needs to start that a container lacks, by canonical name. */
function missingToStart(rules: StreamRules, plan: NormalizationPlan, level: Level, container: object): string[] {
  const needed = rules.requiredToStart.get(level.place.pattern);
  if (needed === undefined) return [];
  const present = new Set(Object.keys(container).map((k) => canonicalKey(plan, level.place, k)));
  return needed.filter((key) => !present.has(key));
}

/** What the leaf puts at the end of the spine, after the contract's word on its place. */
function placedLeaf(leaf: OpenLeaf, place: Place | undefined, rules: StreamRules, notes: Intervention[], end: number, withoutOpenString: boolean): OpenLeaf {
  if (!leaf.present) return leaf;
  const absent = { ...leaf, present: false, value: undefined, openString: false };
  if (place !== undefined && !leaf.complete && rules.atomic.has(place.pattern)) {
    notes.push(partialChange('partial_atomic_withheld', { span: [leaf.start, end] }));
    return absent;
  }
  if (leaf.openString && place !== undefined && !takesString(place.model)) {
    notes.push(partialChange('partial_string_withheld', { span: [leaf.start, end] }));
    return absent;
  }
  return leaf.openString && withoutOpenString ? absent : leaf;
}

/**
 * Why an open container stays out of the value, or undefined when it stays in: the options do
 * not keep its kind, its place is atomic, or it lacks a field it needs to start.
 */
function withholding(level: Level, container: object, keep: ReadonlySet<IncompleteKind>, rules: StreamRules, plan: NormalizationPlan, position: number): Intervention | undefined {
  const span: [number, number] = [level.frame.start, position];
  if (!keep.has(level.frame.kind)) return partialChange('partial_structure_dropped', { span });
  if (rules.atomic.has(level.place.pattern)) return partialChange('partial_atomic_withheld', { span });
  const lacking = level.frame.kind === 'object' ? missingToStart(rules, plan, level, container) : [];
  if (lacking.length === 0) return undefined;
  return { ...partialChange('partial_start_withheld', { span }), message: `Withheld an object until the fields the contract requires to start it are present: ${lacking.join(', ')}.` };
}

/**
 * The partial value of a snapshot that has a root in progress.
 *
 * @example
 * partialValue(reader.push('{"title": "Fix lo'), contract, new Set(['string', 'array', 'object'])).value // { title: 'Fix lo' }
 */
export function partialValue(snapshot: ReaderSnapshot, contract: Contract<unknown>, keep: ReadonlySet<IncompleteKind>, withoutOpenString = false): PartialValue {
  const plan = planFor(contract);
  const rules = streamRules(contract);
  const levels = levelsOf(snapshot, plan);
  const notes: Intervention[] = [];
  const leaf = openLeaf(snapshot, keep);
  const last = levels[levels.length - 1];
  const leafPlace = leaf === undefined ? undefined : last === undefined ? rootPlace(plan) : leaf.slot === undefined ? undefined : childPlace(plan, last.place, leaf.slot);
  const placed = leaf === undefined ? undefined : placedLeaf(leaf, leafPlace, rules, notes, snapshot.position, withoutOpenString);
  // A leaf kept by the options but withheld by the contract has only the withholding's record.
  if (leaf?.note !== undefined && (placed?.present === true || !leaf.present)) notes.unshift(leaf.note);

  // Bottom-up: each level holds its complete members and the kept child; levels [0, cut) stay in the value.
  const absent = { present: false, value: undefined as unknown };
  let child = placed?.present === true ? { present: true, value: placed.value } : absent;
  const containers: object[] = [];
  let cut = levels.length;
  for (let k = levels.length - 1; k >= 0; k--) {
    const level = levels[k]!;
    const container = frameValue(level.frame, membersBefore(level.frame, snapshot.seq));
    if (child.present) {
      const slot = k === levels.length - 1 ? placed!.slot : levels[k + 1]!.frame.slot;
      if (Array.isArray(container)) container.push(child.value);
      else setOwn(container, String(slot), child.value);
    }
    containers[k] = container;
    const withheld = withholding(level, container, keep, rules, plan, snapshot.position);
    if (withheld === undefined) child = { present: true, value: container };
    else {
      notes.push(withheld);
      child = absent;
      cut = k;
    }
  }
  if (!child.present) {
    // The last note says why the root (or a bare scalar root) is out: it was made last, at the root.
    const why = notes[notes.length - 1]?.message ?? 'No value has started yet.';
    return { present: false, value: undefined, absence: `No partial value yet. ${why}`, interventions: notes, states: {}, openObjects: [] };
  }

  const states: OpenPathStates = {};
  const openObjects: { path: ValuePath; model: ObjectModel }[] = [];
  for (let k = 0; k < cut; k++) {
    const { place, path } = levels[k]!;
    states[formatPath(path)] = 'incomplete';
    // The wrapper's object holds only the wrapper key: the wrapped level says what is missing.
    if (place.model.kind !== 'object' || levels[k + 1]?.wrapped === true) continue;
    openObjects.push({ path, model: place.model });
    const present = new Set(Object.keys(containers[k]!).map((key) => canonicalKey(plan, place, key)));
    for (const key of place.model.shape.keys()) if (!present.has(key)) states[formatPath([...path, key])] = 'missing';
  }
  if (levels.length > 0) notes.push(partialChange('partial_structure_open', { span: [levels[0]!.frame.start, snapshot.position] }));
  let openString: PartialValue['openString'];
  if (placed?.present === true && cut === levels.length) {
    const path = last === undefined ? [] : leafPlace?.segment === undefined ? last.path : [...last.path, leafPlace.segment];
    if (!placed.complete) states[formatPath(path)] = 'incomplete';
    if (placed.openString) openString = { path, value: placed.value as string };
  }
  const value = levels.length === 0 ? placed!.value : containers[0];
  return openString === undefined ? { present: true, value, interventions: notes, states, openObjects } : { present: true, value, interventions: notes, states, openString, openObjects };
}
