/**
 * One candidate through the whole chain: parse (or repair) → normalize →
 * validate → repair profile. The candidate loop in `safe-parse.ts` decides the
 * order; this file decides what one attempt yields.
 */
import type { Contract } from '../contract/contract.js';
import { isChange } from '../normalize/note-empty-lists.js';
import { planFor } from '../contract/normalization-plan.js';
import { isScalarModel } from '../contract/schema-model.js';
import { normalizeAndValidate } from '../normalize/align-value.js';
import { interventionCost } from '../intervention-cost.js';
import { toRawSpan, type Candidate } from '../scan/candidate.js';
import type { YamlHints } from '../contract/contract.js';
import { movedKeys } from '../yaml/moved-keys.js';
import { runChecks } from '../validate/run-checks.js';
import { extractionInterventions } from '../scan/extraction-interventions.js';
import type { CandidateFormat, CandidateInfo, Intervention, ParseFailure, ParseSuccess, Span } from '../types.js';
import { deferredFailure, deferredIssues, failure } from './failure.js';
import { parseCandidate } from './parse-candidate.js';
import { readScalarText } from './read-scalar-text.js';
import { deniedInterventions } from './repair-profile.js';
import type { ParseStageOptions, SafeParseOptions } from '../stage-types.js';
import type { NormalizeOptions } from '../normalize/normalize-types.js';
import type { WorkMeter } from '../work-meter.js';

/**
 * What one attempt yields: a result, a failure, or `unparsed` when a strict
 * attempt's plain parse failed (pass 2 will repair it).
 * `final` is true when a repair pass could not change the outcome.
 */
export type Attempt<T> =
  /**
   * `others`: the data of other valid readings of this candidate (later roots in its prose), for the pick rule.
   * `root`: the span of the raw text the data was read from, when it is one slice read whole (see ParseOutcome).
   */
  | { kind: 'success'; result: ParseSuccess<T>; others?: unknown[]; root?: Span }
  | { kind: 'failure'; result: ParseFailure; final: boolean }
  | { kind: 'unparsed' };

function candidateInfo(candidate: Candidate, format: CandidateInfo['format']): CandidateInfo {
  const info: CandidateInfo = { source: candidate.source, span: candidate.span, format, prefixStripped: candidate.prefixStripped };
  if (candidate.fenceInfo !== undefined) info.fenceInfo = candidate.fenceInfo;
  if (candidate.tag !== undefined) info.tag = candidate.tag;
  return info;
}

function rebase(candidate: Candidate, list: Intervention[]): Intervention[] {
  // A candidate that starts at the raw text's first character, with no segments, already speaks
  // in raw coordinates: a defective output's dozens of interventions are not copied one by one.
  if (list.length === 0 || (candidate.span[0] === 0 && candidate.segments === undefined)) return list;
  return list.map((i) => (i.span === undefined ? i : { ...i, span: toRawSpan(candidate, i.span) }));
}

/**
 * True when the contract's root is a scalar (string, number, boolean, enum,
 * literal or a union of those): the text itself is then a candidate.
 *
 * @example
 * wantsScalar(toContract(z.enum(['POSITIVE', 'NEGATIVE']))) // true
 */
export function wantsScalar(contract: Contract<unknown>): boolean {
  return isScalarModel(planFor(contract).model);
}

/**
 * True when the root accepts any string: the text is then the answer even when it
 * happens to parse as JSON (`{"a":1}` for `z.string()`).
 */
export function rootTakesText(contract: Contract<unknown>): boolean {
  const model = planFor(contract).model;
  return model.kind === 'string' || (model.kind === 'union' && model.options.some((o) => o.kind === 'string'));
}

/**
 * The parse stage's options for one attempt, built field by field: spreads of conditional
 * literals here cost more than the parse of a small clean output.
 */
function parseOptions(contract: Contract<unknown>, options: SafeParseOptions, mode: Exclude<AttemptMode, 'text'>, work: WorkMeter | undefined): ParseStageOptions {
  const parse: ParseStageOptions = { mode, expect: contract.expect, contract, scalarRoot: wantsScalar(contract) };
  if (options.maxDepth !== undefined) parse.maxDepth = options.maxDepth;
  if (options.allowNdjson !== undefined) parse.allowNdjson = options.allowNdjson;
  if (work !== undefined) parse.work = work;
  const hints = options.context?.['yaml'];
  if (typeof hints === 'object' && hints !== null && !Array.isArray(hints)) parse.yamlHints = hints as YamlHints;
  return parse;
}

/**
 * How a candidate is read: `strict` is the plain parse, `repair` slices and
 * repairs, `text` takes the text itself as a scalar answer (scalar roots only).
 */
export type AttemptMode = 'strict' | 'repair' | 'text';

/**
 * Tries one candidate. `format`: the candidate's format when the caller already asked (see parseCandidate).
 *
 * @example
 * tryCandidate(raw, candidate, contract, {}, 'strict') // { kind: 'success', result } when it validates as-is
 */
export function tryCandidate<T>(raw: string, candidate: Candidate, contract: Contract<T>, options: SafeParseOptions, mode: AttemptMode, work?: WorkMeter, format?: CandidateFormat): Attempt<T> {
  const read = mode === 'text' ? { format: 'text' as const, outcome: readScalarText(candidate) } : parseCandidate(candidate, parseOptions(contract, options, mode, work), format);
  const { outcome } = read;
  if (!outcome.ok && mode === 'strict') return { kind: 'unparsed' };
  const info = candidateInfo(candidate, read.format);
  const extraction = extractionInterventions(raw, candidate, contract.tags);
  if (!outcome.ok) {
    return { kind: 'failure', final: true, result: deferredFailure(outcome.failure, outcome.error, outcome.explain, { candidate: info, interventions: [...extraction, ...rebase(candidate, outcome.interventions)] }) };
  }
  // Repair cannot change a JSON value that parsed, except a string where the contract wants a
  // structure (stringified JSON); YAML with drifted indentation parses into the wrong nesting
  // and only the structural repairs can tell, so YAML always gets pass 2.
  const final = read.format === 'json' && !(typeof outcome.value === 'string' && contract.expect !== 'any');
  // YAML read as-is may be nested wrongly (drifted indentation) until pass 2's structural
  // repairs: aligning it now could make a wrong nesting validate, so it waits for pass 2.
  const reading: Reading = { candidate, info, extraction, final, align: !(read.format === 'yaml' && mode === 'strict') };
  const first = judge(reading, outcome.value, outcome.interventions, outcome.truncated, contract, options);
  if (outcome.laterRoots === undefined) {
    // Prefix-stripped text is not a slice of the raw text: its root has no raw span to compare.
    return first.kind === 'success' && outcome.root !== undefined && !candidate.prefixStripped ? { kind: 'success', result: first.result, root: toRawSpan(candidate, outcome.root) } : first;
  }
  // Several roots in one prose: the first that validates, or the last under `pick: 'last'`.
  const later = outcome.laterRoots.map((r) => ({ countOnly: r.countOnly === true, attempt: judge(reading, r.value, r.interventions, r.truncated === true, contract, options) }));
  const valid = [first, ...later.filter((r) => !r.countOnly).map((r) => r.attempt)].filter(isWin);
  if (valid.length === 0) return first;
  const chosen = options.pick === 'last' ? valid[valid.length - 1]! : leastCoerced(valid);
  const counted = later.filter((r) => r.countOnly).map((r) => r.attempt).filter(isWin);
  return { ...chosen, others: [...valid, ...counted].filter((a) => a !== chosen).map((a) => a.result.data) };
}

/**
 * The first of a candidate's valid roots among those with the fewest coercions, then synthesized
 * values: a bracket in the prose before the answer (`See [the docs](…)`, `step [1]`) may validate
 * once coerced (`object_from_scalar`), and the answer after it needs no such reading, even when
 * it was cut off and its structures closed (synthesized). Repairs and trims (cleanup) do not
 * count: of a draft and a final answer, the first still wins.
 */
function leastCoerced<T>(valid: readonly Extract<Attempt<T>, { kind: 'success' }>[]): Extract<Attempt<T>, { kind: 'success' }> {
  let best = valid[0]!;
  let bestCost = interventionCost(best.result.interventions);
  for (let k = 1; k < valid.length; k++) {
    const cost = interventionCost(valid[k]!.result.interventions);
    if (cost[1] < bestCost[1] || (cost[1] === bestCost[1] && cost[0] < bestCost[0])) {
      best = valid[k]!;
      bestCost = cost;
    }
  }
  return best;
}

function isWin<T>(attempt: Attempt<T>): attempt is Extract<Attempt<T>, { kind: 'success' }> {
  return attempt.kind === 'success';
}

/** What one candidate's readings share: where it came from and how it was cut out. */
interface Reading {
  readonly candidate: Candidate;
  readonly info: CandidateInfo;
  readonly extraction: Intervention[];
  readonly final: boolean;
  /** Whether schema-aligned parsing may read the value (see normalizeAndValidate). */
  readonly align: boolean;
}

/**
 * A new list of the three lists' items in order. `concat` with several arguments took V8's
 * generic path: about 3 % of a clean fenced record for lists of zero to two items.
 */
function joined(a: readonly Intervention[], b: Intervention[], c: readonly Intervention[]): Intervention[] {
  // Nothing around the parse's own list, the usual case: that list itself. A text with a
  // hundred thousand repairs no longer copies them (a copy that outlives young collections).
  if (a.length === 0 && c.length === 0) return b;
  const out = a.slice();
  for (let k = 0; k < b.length; k++) out.push(b[k]!);
  for (let k = 0; k < c.length; k++) out.push(c[k]!);
  return out;
}

/** One parsed value of a candidate through normalization, validation and the repair profile. */
function judge<T>(reading: Reading, value: unknown, parsed: Intervention[], truncated: boolean, contract: Contract<T>, options: SafeParseOptions): Attempt<T> {
  const { candidate, info, extraction, final, align } = reading;
  const outcome = { value, truncated };
  const normalizeOptions: NormalizeOptions = { truncated: outcome.truncated };
  // Only YAML's structural repairs move keys: a JSON repair's list is not searched for them.
  const moved = parsed.length === 0 || info.format !== 'yaml' ? undefined : movedKeys(parsed);
  if (moved !== undefined) normalizeOptions.movedKeys = moved;
  if (options.context !== undefined) normalizeOptions.context = options.context;
  const normalized = normalizeAndValidate(outcome.value, contract, normalizeOptions, 0, align);
  let interventions = joined(extraction, rebase(candidate, parsed), normalized.interventions);
  const repairApplied = interventions.some(isChange);
  const context = { candidate: info, raw: outcome.value, interventions, repairApplied };
  const validation = normalized.validation;
  if (normalized.failure !== undefined || validation === undefined) {
    const refusal = normalized.failure ?? { message: 'The candidate does not match the contract.', issues: [] };
    return { kind: 'failure', final, result: failure('schema', refusal.message, { ...context, validationErrors: refusal.issues }) };
  }
  if (!validation.ok) {
    // A cut-off output fails the schema as a symptom; the retry loop needs a fresh session, not a correction.
    const cutOff = outcome.truncated;
    const message = cutOff ? 'The output was cut off and what remains does not match the contract.' : 'The candidate does not match the contract.';
    return { kind: 'failure', final, result: deferredIssues(failure(cutOff ? 'truncated' : 'schema', message, context), validation.issues) };
  }
  let data = validation.value;
  if (contract.checks !== undefined) {
    const checked = runChecks(contract.checks, data, options.context);
    if (!checked.ok) return { kind: 'failure', final, result: failure('schema', checked.message, { ...context, validationErrors: checked.issues }) };
    data = checked.value;
    if (checked.interventions.length > 0) {
      // A new list: the one judged may be the parse's own (see joined).
      interventions = interventions.concat(checked.interventions);
      context.interventions = interventions;
      context.repairApplied = true;
    }
  }
  // Without a profile nothing is refused: no filtered copy of the list to find that out.
  const denied = options.repair === undefined ? [] : deniedInterventions(interventions.filter(isChange), options.repair);
  if (denied.length > 0) {
    const truncation = denied.some((i) => i.category === 'synthesized' && i.stage === 'parse');
    const rules = [...new Set(denied.map((i) => i.rule))].join(', ');
    return { kind: 'failure', final, result: failure(truncation ? 'truncated' : 'repair_denied', `The repair profile refuses: ${rules}.`, context) };
  }
  return {
    kind: 'success',
    result: {
      success: true,
      data,
      raw: outcome.value,
      candidate: info,
      interventions,
      repairApplied: context.repairApplied,
      normalized: normalized.interventions.some(isChange),
      truncated: outcome.truncated,
    },
  };
}
