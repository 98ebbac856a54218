/**
 * A snapshot of the partial reader through the pipeline's normalize and validate stages: a
 * complete root against the whole contract (its checks and the repair profile included, as
 * safeParse does), a root still arriving against the contract's partial view
 * (partial-contract.ts), where what is there is checked and nothing is held against it for what
 * is still to come. A cut-off string its field's checks reject only for being short yet (an
 * email half typed) is validated without it and shown as it stands; an open object's missing
 * nullable fields read as null.
 */
import type { Contract } from '../contract/contract.js';
import { normalizeAndValidate } from '../normalize/align-value.js';
import { isChange } from '../normalize/note-empty-lists.js';
import { getOwn, isPlainObject, setOwn } from '../normalize/value-tree.js';
import { failure } from '../pipeline/failure.js';
import { deniedInterventions } from '../pipeline/repair-profile.js';
import type { RepairProfile } from '../stage-types.js';
import type { CandidateInfo, Intervention, ParseSuccess, ValuePath } from '../types.js';
import { runChecks } from '../validate/run-checks.js';
import { formatPath } from '../validate/validate-value.js';
import { isPartialCode } from './codes.js';
import { partialChange } from './partial-change.js';
import { partialContract } from './partial-contract.js';
import type { IncompleteKind } from './partial-options.js';
import type { OpenPathStates, PartialParseFailure, PartialParseResult } from './partial-result.js';
import { partialValue, type PartialValue } from './partial-value.js';
import { proseTrims } from './prose-trims.js';
import type { ReaderSnapshot } from './reader-state.js';

export interface JudgeOptions {
  readonly keep: ReadonlySet<IncompleteKind>;
  readonly context?: Readonly<Record<string, unknown>>;
  readonly repair?: RepairProfile;
}

function failed(failureClass: PartialParseFailure['failure'], message: string, complete: boolean, extra: Parameters<typeof failure>[2] = {}): PartialParseFailure {
  return { ...failure(failureClass, message, extra), complete };
}

function candidateOf(snapshot: ReaderSnapshot): CandidateInfo {
  return { source: 'raw', span: [Math.max(0, snapshot.root.start), snapshot.done?.end ?? snapshot.position], format: 'json', prefixStripped: false };
}

/** The node at a path of a value, or undefined. */
function nodeAt(value: unknown, path: ValuePath): unknown {
  let node = value;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === 'number') node = node[segment];
    else if (isPlainObject(node) && typeof segment === 'string') node = getOwn(node, segment);
    else return undefined;
  }
  return node;
}

/** Puts a value back at a path whose parent exists (the cut-off string validated without it). */
function putAt(root: unknown, path: ValuePath, value: unknown): void {
  const parent = nodeAt(root, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent) && typeof key === 'number') parent[key] = value;
  else if (isPlainObject(parent) && typeof key === 'string') setOwn(parent, key, value);
}

/** Fills null for the nullable fields still to come of the open objects, recording each. */
function fillPending(data: unknown, value: PartialValue, notes: Intervention[]): void {
  for (const { path, model } of value.openObjects) {
    const object = nodeAt(data, path);
    if (!isPlainObject(object)) continue;
    for (const key of model.nullable) {
      if (Object.hasOwn(object, key) || value.states[formatPath([...path, key])] !== 'missing') continue;
      setOwn(object, key, null);
      notes.push(partialChange('partial_field_pending', { path: [...path, key], before: '', after: 'null' }));
    }
  }
}

/** One value through normalize and validate; the checks too when the value is complete. */
function settle<T>(value: unknown, contract: Contract<T>, options: JudgeOptions, complete: boolean): { ok: true; data: unknown; interventions: Intervention[] } | { ok: false; message: string; issues: { path: string; message: string }[]; interventions: Intervention[] } {
  const target = complete ? contract : (partialContract(contract as Contract<unknown>) as Contract<T>);
  const checked = normalizeAndValidate(value, target, options.context === undefined ? {} : { context: options.context });
  if (checked.failure !== undefined) return { ok: false, message: checked.failure.message, issues: checked.failure.issues, interventions: checked.interventions };
  const validation = checked.validation!;
  if (!validation.ok) return { ok: false, message: 'The candidate does not match the contract.', issues: validation.issues(), interventions: checked.interventions };
  if (!complete || contract.checks === undefined) return { ok: true, data: validation.value, interventions: checked.interventions };
  const ran = runChecks(contract.checks, validation.value as T, options.context);
  if (!ran.ok) return { ok: false, message: ran.message, issues: ran.issues, interventions: checked.interventions };
  return { ok: true, data: ran.value, interventions: [...checked.interventions, ...ran.interventions] };
}

function success<T>(snapshot: ReaderSnapshot, raw: unknown, data: unknown, parsed: Intervention[], normalized: Intervention[], complete: boolean, states: OpenPathStates, options: JudgeOptions): PartialParseResult<T> {
  const interventions = [...parsed, ...normalized];
  const denied = deniedInterventions(interventions.filter((i) => isChange(i) && !isPartialCode(i.rule)), options.repair);
  if (denied.length > 0) return failed('repair_denied', `The repair profile refuses: ${[...new Set(denied.map((i) => i.rule))].join(', ')}.`, complete, { interventions });
  const result: ParseSuccess<unknown> = {
    success: true,
    data,
    raw,
    candidate: candidateOf(snapshot),
    interventions,
    repairApplied: interventions.some(isChange),
    normalized: normalized.some(isChange),
    truncated: !complete,
  };
  return { ...result, complete, states } as PartialParseResult<T>;
}

/**
 * The partial result of a snapshot.
 *
 * @example
 * judgeSnapshot(reader.push('{"title": "Fix lo'), contract, { keep: new Set(DEFAULT_KEEP) }).data // { title: 'Fix lo' }
 */
export function judgeSnapshot<T>(snapshot: ReaderSnapshot, contract: Contract<T>, options: JudgeOptions): PartialParseResult<T> {
  const lexical = [...snapshot.interventions.slice(0, snapshot.interventionCount), ...proseTrims(snapshot)];
  if (snapshot.error !== undefined) return failed('syntax', `${snapshot.error.message} (at character ${snapshot.error.position})`, false, { interventions: lexical });
  if (snapshot.done !== undefined) {
    const outcome = settle(snapshot.done.value, contract, options, true);
    if (!outcome.ok) return failed('schema', outcome.message, true, { raw: snapshot.done.value, candidate: candidateOf(snapshot), interventions: [...lexical, ...outcome.interventions], validationErrors: outcome.issues, repairApplied: lexical.length > 0 });
    return success(snapshot, snapshot.done.value, outcome.data, lexical, outcome.interventions, true, {}, options);
  }
  if (snapshot.root.start < 0) {
    if (!snapshot.ended) return failed('truncated', 'No JSON value has started yet.', false);
    return snapshot.root.proseStart < 0 ? failed('empty_output', 'The model output is empty.', false) : failed('no_candidate', 'No JSON value was found in the text.', false, { interventions: lexical });
  }
  const value = partialValue(snapshot, contract as Contract<unknown>, options.keep);
  const parsed = [...lexical, ...value.interventions];
  if (!value.present) return failed('truncated', value.absence ?? 'No value yet.', false, { interventions: parsed });
  let outcome = settle(value.value, contract, options, false);
  let data = outcome.ok ? outcome.data : undefined;
  const openString = value.openString;
  if (!outcome.ok && openString !== undefined && outcome.issues.some((issue) => issue.path === formatPath(openString.path))) {
    // The prefix fails its field's checks only for being cut short: validated without it, shown as it stands.
    outcome = settle(partialValue(snapshot, contract as Contract<unknown>, options.keep, true).value, contract, options, false);
    if (outcome.ok) putAt((data = outcome.data), openString.path, openString.value);
  }
  if (!outcome.ok) return failed('schema', outcome.message, false, { raw: value.value, candidate: candidateOf(snapshot), interventions: [...parsed, ...outcome.interventions], validationErrors: outcome.issues, repairApplied: true });
  const notes = [...outcome.interventions];
  fillPending(data, value, notes);
  return success(snapshot, value.value, data, parsed, notes, false, value.states, options);
}
