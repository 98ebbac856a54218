/**
 * Runs the peers' corpora through `safeParse` and scores each case: matched, missed, out of
 * scope (with the reason) or on the deliberate list. A match is, for a case expecting a value,
 * success with a value deep-equal to it (key order ignored, numbers by value; through the plan's
 * view of the result where the peer's output has its own form, as BAML's streamed one); for a
 * case the peer refuses, a refusal. Also counts the values Airlock returns where the peer refuses.
 */
import { jsonEqual } from '../json/conformance/load-conformance.js';
import { repairJson } from '../json/repair-json.js';
import { safeParse } from '../pipeline/safe-parse.js';
import type { ParseResult } from '../types.js';
import { peerRefuses, type CasePlan, type Expectation, type ResultView } from './case-plan.js';
import { CORPORA, loadCorpus, type CorpusName, type CorpusSpec, type PeerCase } from './corpora.js';
import { DELIBERATE_DIFFERENCES } from './deliberate-differences.js';
import { planCase } from './plan-corpus.js';

export type CaseStatus = 'matched' | 'missed' | 'out_of_scope' | 'deliberate';

export interface CaseOutcome {
  readonly corpus: CorpusName;
  readonly id: string;
  readonly test: string;
  readonly kind: string;
  readonly group: string;
  readonly input: string;
  readonly status: CaseStatus;
  /** Why a case is out of scope or on the deliberate list. */
  readonly reason?: string;
  /** The case needs a non-default option of the peer. */
  readonly nondefault: boolean;
  /** The peer refuses (throws, or returns "" for no value). */
  readonly peerRefuses: boolean;
  /** Airlock returned a value where the peer refuses (not counted for out-of-scope cases). */
  readonly inventedValue: boolean;
  /** A deliberate-list case that matches the peer after all: the entry can go. */
  readonly staleDeliberate: boolean;
  /** The peer's outcome and Airlock's, as short text. */
  readonly expected: string;
  readonly got: string;
}

function describeExpectation(expect: Expectation): string {
  if (expect.kind === 'refusal') return 'refusal';
  if (expect.kind === 'empty') return 'no value ("")';
  return JSON.stringify(expect.value) ?? 'undefined';
}

function describeResult(result: ParseResult<unknown>, view: ResultView = (r) => (r.success ? r.data : undefined)): string {
  if (result.success) return JSON.stringify(view(result)) ?? 'undefined';
  const why = result.extractionError ?? result.validationErrors?.[0]?.message ?? '';
  return `refused (${result.failure})${why === '' ? '' : `: ${why}`}`;
}

function matches(expect: Expectation, result: ParseResult<unknown>, view: ResultView | undefined): boolean {
  if (expect.kind === 'value') return result.success && jsonEqual(view === undefined ? result.data : view(result), expect.value);
  if (expect.kind === 'empty') return !result.success || result.data === '';
  return !result.success;
}

/** The string repairer's answer in safeParse's shape, for the comparisons below. */
function viaRepairJson(input: string): ParseResult<unknown> {
  const r = repairJson(input, { allowNdjson: true });
  return r.ok
    ? { success: true, data: r.value, raw: r.value, interventions: r.interventions, repairApplied: r.interventions.length > 0, normalized: false, truncated: r.truncated } as ParseResult<unknown>
    : { success: false, failure: r.failure, extractionError: r.error, interventions: [], repairApplied: false };
}

/**
 * Runs one case through safeParse (never throws: safeParse does not, and a plan that cannot be
 * built is out of scope).
 *
 * @example
 * runCase('jsonrepair', { id: 'jsonrepair-0001', test: 't', kind: 'repair', input: '{a:1}', expected: { a: 1 } }).status // 'matched'
 */
export function runCase(corpus: CorpusName, c: PeerCase, deliberate: Readonly<Record<string, string>> = DELIBERATE_DIFFERENCES): CaseOutcome {
  const plan: CasePlan = planCase(corpus, c);
  const base = { corpus, id: c.id, test: c.test, kind: c.kind, group: plan.group, input: c.input, nondefault: c.nondefault === true };
  if (!plan.scored) {
    const refuses = c.kind === 'throw' || c.expected_empty === true;
    return { ...base, status: 'out_of_scope', reason: plan.reason, peerRefuses: refuses, inventedValue: false, staleDeliberate: false, expected: '', got: '' };
  }
  const result = plan.via === 'repairJson' ? viaRepairJson(c.input) : safeParse(c.input, plan.contract, plan.options);
  const matched = matches(plan.expect, result, plan.view);
  const refuses = peerRefuses(plan.expect);
  const inventedValue = refuses && !matched;
  const why = deliberate[c.id];
  const status: CaseStatus = why !== undefined ? 'deliberate' : matched ? 'matched' : 'missed';
  return {
    ...base,
    status,
    ...(why !== undefined && { reason: why }),
    peerRefuses: refuses,
    inventedValue,
    staleDeliberate: why !== undefined && matched,
    expected: describeExpectation(plan.expect),
    got: describeResult(result, plan.view),
  };
}

/** One corpus's outcomes, or why it was not run. */
export type CorpusRun = { readonly spec: CorpusSpec; readonly outcomes: readonly CaseOutcome[] } | { readonly spec: CorpusSpec; readonly missing: string };

/**
 * Runs every case of one corpus; `missing` when the shared file is absent.
 *
 * @example
 * const run = runCorpus(CORPORA[0]!);
 * if ('outcomes' in run) summarize(run.outcomes).rate
 */
export function runCorpus(spec: CorpusSpec, dir?: string): CorpusRun {
  const cases = loadCorpus(spec, dir);
  if (cases === undefined) return { spec, missing: `../shared/conformance/${spec.file} not found beside the repository` };
  return { spec, outcomes: cases.map((c) => runCase(spec.name, c)) };
}

/**
 * Runs the corpora (all, or the named ones).
 *
 * @example
 * runConformance(['baml']).map((r) => r.spec.name) // ['baml']
 */
export function runConformance(only?: readonly CorpusName[]): CorpusRun[] {
  return CORPORA.filter((spec) => only === undefined || only.includes(spec.name)).map((spec) => runCorpus(spec));
}

export interface Tally {
  readonly label: string;
  readonly total: number;
  /** In scope and not on the deliberate list: the rate's denominator. */
  readonly scored: number;
  readonly matched: number;
  readonly outOfScope: number;
  readonly deliberate: number;
  /** Values returned where the peer refuses, deliberate cases excluded. */
  readonly invented: number;
  /** matched / scored, 0 when nothing is scored. */
  readonly rate: number;
}

/**
 * Counts a set of outcomes.
 *
 * @example
 * tally('json_repair', outcomes) // { scored: 150, matched: 100, rate: 0.667, … }
 */
export function tally(label: string, outcomes: readonly CaseOutcome[]): Tally {
  let matched = 0;
  let missed = 0;
  let outOfScope = 0;
  let deliberate = 0;
  let invented = 0;
  for (const o of outcomes) {
    if (o.status === 'matched') matched++;
    else if (o.status === 'missed') missed++;
    else if (o.status === 'out_of_scope') outOfScope++;
    else deliberate++;
    if (o.inventedValue && o.status !== 'deliberate') invented++;
  }
  const scored = matched + missed;
  return { label, total: outcomes.length, scored, matched, outOfScope, deliberate, invented, rate: scored === 0 ? 0 : matched / scored };
}

/**
 * One tally per group (the case's kind and option grouping), in first-seen order.
 *
 * @example
 * tallyByGroup(outcomes).map((t) => t.label) // ['repair', 'repair +strict', 'throw +strict', …]
 */
export function tallyByGroup(outcomes: readonly CaseOutcome[]): Tally[] {
  const groups = new Map<string, CaseOutcome[]>();
  for (const o of outcomes) {
    const list = groups.get(o.group);
    if (list === undefined) groups.set(o.group, [o]);
    else list.push(o);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b)).map(([label, list]) => tally(label, list));
}

/** Bench metric names of the headline rates (`conformance.<name>`). */
export type HeadlineRate = 'json_repair' | 'baml' | 'baml_default' | 'jsonrepair' | 'best_effort' | 'partial_json' | 'baml_streaming' | 'best_effort_partial';

/**
 * The headline match rates (0–1) of the corpora that ran; `baml_default` counts the BAML cases
 * that need no non-default option.
 *
 * @example
 * headlineRates(runConformance()).jsonrepair // 0.96
 */
export function headlineRates(runs: readonly CorpusRun[]): Partial<Record<HeadlineRate, Tally>> {
  const out: Partial<Record<HeadlineRate, Tally>> = {};
  for (const run of runs) {
    if (!('outcomes' in run)) continue;
    out[run.spec.name] = tally(run.spec.name, run.outcomes);
    if (run.spec.name === 'baml') out.baml_default = tally('baml_default', run.outcomes.filter((o) => !o.nondefault));
  }
  return out;
}
