/**
 * The JSON path for one candidate: `JSON.parse` first (the fast path a clean
 * output pays for), then the balanced root value sliced out of surrounding
 * prose and noise, then the repairer for everything else.
 */
import type { Intervention } from '../types.js';
import type { Candidate } from '../scan/candidate.js';
import type { LaterRoot, ParseOutcome, ParseStageOptions } from '../stage-types.js';
import { repairJson, type RepairJsonOptions, type RepairJsonResult } from './repair-json.js';
import { JSON_CODE_INFO } from './codes.js';
import { leadingTrim, trailingTrims, trimAroundRoot } from './trim-around-root.js';
import { balancedEnd, endsEarly } from './structure-balanced-end.js';
import { jsonEndOf, jsonStartOf, tryJsonParse } from './try-json-parse.js';
import { DEFAULT_MAX_DEPTH, depthMessage, exceedsDepth, jsonTextTooShallow, tooShortToNest } from '../nesting-depth.js';

/** Openers tried before giving up; bounds work on prose full of brackets. */
const MAX_ROOT_ATTEMPTS = 16;

/** Next `{` or `[` at or after `from` (of the expected kind when given), or -1. */
function nextOpener(text: string, from: number, expect: ParseStageOptions['expect']): number {
  if (expect === 'object') return text.indexOf('{', from);
  if (expect === 'array') return text.indexOf('[', from);
  const brace = text.indexOf('{', from);
  const bracket = text.indexOf('[', from);
  if (brace < 0) return bracket;
  if (bracket < 0) return brace;
  return Math.min(brace, bracket);
}

/**
 * One balanced root `[start, end)` of a candidate read with the repairer (`{foo: 2,}`), its
 * spans moved to candidate coordinates; null when even the repairer cannot read it.
 */
function repairedRoot(candidate: Candidate, start: number, end: number, options: ParseStageOptions, trims = true, cutOff = false): LaterRoot | null {
  const repairOptions: RepairJsonOptions = { expect: options.expect ?? 'any' };
  if (options.maxDepth !== undefined) repairOptions.maxDepth = options.maxDepth;
  const repaired = repairJson(candidate.text.slice(start, end), repairOptions);
  if (!repaired.ok || (repaired.truncated && !cutOff)) return null;
  const moved = repaired.interventions.map((i) => (i.span === undefined ? i : { ...i, span: [i.span[0] + start, i.span[1] + start] as const }));
  const root: LaterRoot = { value: repaired.value, interventions: trims ? [...trimAroundRoot(candidate, start, end), ...moved] : moved };
  if (repaired.truncated) root.truncated = true;
  return root;
}

/**
 * Further roots in the prose after the one taken (`{"a":1} or rather {a: 2}`), each with
 * the trims (and repairs) that taking it instead would record: the pipeline counts the
 * valid ones and may pick the last. Bounded like the first search, and only on balanced
 * slices that do not overlap: linear.
 */
function laterRoots(candidate: Candidate, from: number, options: ParseStageOptions, attempts: number): LaterRoot[] {
  const text = candidate.text;
  const out: LaterRoot[] = [];
  for (let attempt = 0; attempt < attempts; attempt++) {
    const start = nextOpener(text, from, options.expect);
    if (start < 0) break;
    const end = balancedEnd(text, start);
    if (end < 0) break;
    const parsed = tryJsonParse(text.slice(start, end));
    const root = parsed.ok ? { value: parsed.value, interventions: trimAroundRoot(candidate, start, end) } : repairedRoot(candidate, start, end, options);
    if (root !== null) out.push(root);
    from = end;
  }
  return out;
}

function joined(text: string, start: number, end: number, after: string): Intervention {
  const gap = text.slice(start, end);
  const message = /\S/.test(gap) ? 'Joined several objects into one list, dropping the text between them.' : JSON_CODE_INFO.ndjson_wrapped.message;
  return { rule: 'ndjson_wrapped', stage: 'parse', category: JSON_CODE_INFO.ndjson_wrapped.category, message, span: [start, end], before: gap, after };
}

/**
 * A list wanted and no `[` anywhere: the balanced objects in the text, two or more,
 * become its items (`{"key": "a"} then {"key": "b"}`), each read as-is or repaired,
 * the text around and between them dropped, recorded as `ndjson_wrapped` and trims.
 * Null when there are fewer than two. Disjoint balanced slices: linear.
 */
function objectsAsItems(candidate: Candidate, options: ParseStageOptions): ParseOutcome | null {
  const text = candidate.text;
  const items: { start: number; end: number; root: LaterRoot }[] = [];
  let from = 0;
  for (let attempt = 0; attempt < MAX_ROOT_ATTEMPTS; attempt++) {
    const start = text.indexOf('{', from);
    if (start < 0) break;
    const end = balancedEnd(text, start);
    if (end < 0) break;
    const parsed = tryJsonParse(text.slice(start, end));
    const root = parsed.ok ? { value: parsed.value, interventions: [] } : repairedRoot(candidate, start, end, { ...options, expect: 'object' }, false);
    if (root !== null) items.push({ start, end, root });
    from = end;
  }
  if (items.length < 2) return null;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const interventions: Intervention[] = [...leadingTrim(text, 0, first.start), joined(text, first.start, first.start, '[')];
  items.forEach((item, k) => {
    if (k > 0) interventions.push(joined(text, items[k - 1]!.end, item.start, ','));
    for (const i of item.root.interventions) interventions.push(i);
  });
  interventions.push(joined(text, last.end, last.end, ']'), ...trailingTrims(text, last.end, candidate));
  return { ok: true, value: items.map((i) => i.root.value), interventions, truncated: false };
}

/**
 * JSON Lines, for a contract whose wire format it is (`jsonLines`): every non-blank line a
 * complete JSON object, read as the list of them, or null.
 */
function jsonLines(text: string): unknown[] | null {
  const items: unknown[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (trimmed.charCodeAt(0) !== 123 /* { */) return null;
    const parsed = tryJsonParse(trimmed);
    if (!parsed.ok) return null;
    items.push(parsed.value);
  }
  return items.length > 0 ? items : null;
}

/**
 * Parses a JSON candidate.
 *
 * @example
 * parseJsonCandidate(candidateOf('Result: {"a":1} done'), {}).ok // true, with two trims recorded
 * parseJsonCandidate(candidateOf("{a: 1, b: [2,],"), { mode: 'repair' }) // { a: 1, b: [2] }, truncated: true
 */
export function parseJsonCandidate(candidate: Candidate, options: ParseStageOptions = {}): ParseOutcome {
  const work = options.work;
  if (work !== undefined && !work.charge(candidate.text.length)) return { ok: false, failure: 'syntax', error: work.message(), interventions: [] };
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const asIs = options.mode === 'repair' ? null : readAsIs(candidate.text, options, maxDepth);
  return asIs ?? withinDepth(repairCandidate(candidate, options), candidate.text, maxDepth);
}

/**
 * The candidate read as it stands: as JSON Lines for a contract of that wire format, else by
 * `JSON.parse`; null when only the repair can read it.
 */
function readAsIs(text: string, options: ParseStageOptions, maxDepth: number): ParseOutcome | null {
  // JSON Lines first: for such a contract one object alone is a list of one, not a coercion.
  const lines = options.contract?.jsonLines === true ? jsonLines(text) : null;
  if (lines !== null) return withinDepth({ ok: true, value: lines, interventions: [], truncated: false }, text, maxDepth);
  const direct = tryJsonParse(text);
  if (direct.ok) {
    // The text JSON.parse read bounds the value's depth: the walk only for a text that could nest that deep.
    if (!jsonTextTooShallow(text, maxDepth) && exceedsDepth(direct.value, maxDepth)) return depthFailure(maxDepth);
    return { ok: true, value: direct.value, interventions: [], truncated: false };
  }
  return options.mode === 'strict' ? { ok: false, failure: 'syntax', error: 'The JSON candidate does not parse as-is.', interventions: [] } : null;
}

/**
 * The bound every JSON reading keeps: `JSON.parse` builds a 100,000-deep value without
 * complaint, and the stages after it (and `JSON.stringify` in a batch worker) would not.
 */
function withinDepth(outcome: ParseOutcome, text: string, maxDepth: number): ParseOutcome {
  if (!outcome.ok || tooShortToNest(text, maxDepth)) return outcome;
  if (exceedsDepth(outcome.value, maxDepth) || outcome.laterRoots?.some((r) => exceedsDepth(r.value, maxDepth)) === true) {
    return depthFailure(maxDepth);
  }
  return outcome;
}

function depthFailure(maxDepth: number): ParseOutcome {
  return { ok: false, failure: 'syntax', error: depthMessage(maxDepth), interventions: [] };
}

/**
 * Passes over the text charged for the repair stage: the balanced slices (read once, and
 * repaired when they do not parse) and the repairer (at most three runs of one pass).
 */
const REPAIR_PASSES = 4;

/** Slices and repairs a candidate whose plain parse failed. */
function repairCandidate(candidate: Candidate, options: ParseStageOptions): ParseOutcome {
  const text = candidate.text;
  // The direct parse refused the whole text (just now, or before a `repair` call: see
  // ParseStageOptions.mode): a root spanning all of it but its JSON whitespace would be refused again.
  const wholeStart = jsonStartOf(text);
  const wholeEnd = wholeStart < 0 ? -1 : jsonEndOf(text, wholeStart);
  const work = options.work;
  if (work !== undefined && !work.charge(REPAIR_PASSES * text.length)) return { ok: false, failure: 'syntax', error: work.message(), interventions: [] };
  let sawOpener = false;
  let from = 0;
  // With NDJSON allowed, the first balanced value is not the whole answer: the repairer decides.
  const attempts = options.allowNdjson === true ? 0 : MAX_ROOT_ATTEMPTS;
  // A list may arrive as one object per line, so with NDJSON allowed an object opens an array too.
  const expect = options.allowNdjson === true && options.expect === 'array' ? 'any' : options.expect;
  if (attempts === 0) sawOpener = nextOpener(text, 0, expect) >= 0;
  // One defective root spanning the whole text (`{'a': 1, // note …}`), the common repair: the
  // repairer reads it at once, without first counting its brackets to look for later roots.
  let whole: RepairJsonResult | undefined;
  if (attempts > 0 && wholeEnd > wholeStart && closesAsWhole(text, wholeStart, wholeEnd) && nextOpener(text, 0, options.expect) === wholeStart) {
    const repaired = repairJson(text, repairOptionsOf(candidate, options, expect, false));
    if (repaired.ok && repaired.root?.[1] === wholeEnd) return repairOutcome(repaired);
    whole = repaired;
  }
  /** Balanced roots before the one taken that did not parse as-is (a draft needing a repair). */
  const skipped: [number, number][] = [];
  /** Where a root that never closes opens, after the balanced ones (an answer cut off after prose brackets). */
  let openTail = -1;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const start = nextOpener(text, from, options.expect);
    if (start < 0) break;
    sawOpener = true;
    const end = balancedEnd(text, start);
    if (end < 0) {
      openTail = start;
      break;
    }
    const sliced = start === wholeStart && end === wholeEnd ? { ok: false as const } : tryJsonParse(text.slice(start, end));
    // `{"a": 1}, "b": 2}`: the root ended early and its members go on; the repairer reads it whole.
    if (endsEarly(text, start, end, sliced.ok)) break;
    if (sliced.ok) {
      const before = skipped.map(([s, e]) => repairedRoot(candidate, s, e, options)).filter((r): r is LaterRoot => r !== null).map((r) => ({ ...r, countOnly: true }));
      const later = [...before, ...laterRoots(candidate, end, options, MAX_ROOT_ATTEMPTS - attempt - 1)];
      const outcome: ParseOutcome = { ok: true, value: sliced.value, interventions: trimAroundRoot(candidate, start, end), truncated: false, root: [start, end] };
      return later.length > 0 ? { ...outcome, laterRoots: later } : outcome;
    }
    skipped.push([start, end]);
    // The next root starts after this one: an opener nested inside a root that does not
    // parse would only give a fragment of it.
    from = end;
  }
  // A list wanted and no `[` anywhere: objects one after another are its items
  // (`{"foo": 1}\n{"foo": 2}`), read as newline-delimited JSON, recorded as `ndjson_wrapped`.
  const objectsAsList = !sawOpener && options.expect === 'array' && text.includes('{');
  const items = objectsAsList ? objectsAsItems(candidate, options) : null;
  if (items !== null) return items;
  if (!sawOpener && !objectsAsList) {
    return { ok: false, failure: 'no_candidate', error: 'No JSON object or array found in the candidate.', interventions: [] };
  }
  // The same text and options as the whole-root read above (when it ran): its result, not a
  // second repair (a cut-off root ending in a closer, `{… }\n  ` short of its `]}`, came here twice).
  const read = whole !== undefined && !objectsAsList ? whole : repairJson(text, repairOptionsOf(candidate, options, expect, objectsAsList));
  if (objectsAsList || skipped.length === 0) return repairOutcome(read);
  return withRootsAfter(repairOutcome(read), candidate, skipped.slice(1), openTail, options);
}

/**
 * The repair of a candidate's first root, with the other balanced roots after it that did not
 * parse as-is, each repaired alone, as later roots: prose before the answer may hold brackets of
 * its own (`See [the docs](…)`, `/post/[id]`, `{name}`), and the repairer reads the first one.
 * A root opening at `openTail` that never closes (the answer cut off) comes last, read as cut off.
 * The pipeline takes the first root that validates. When the first cannot be read at all, the
 * first later root that can is the outcome. Disjoint slices, at most MAX_ROOT_ATTEMPTS: linear.
 */
function withRootsAfter(first: ParseOutcome, candidate: Candidate, after: readonly [number, number][], openTail: number, options: ParseStageOptions): ParseOutcome {
  const later = after.map(([s, e]) => repairedRoot(candidate, s, e, options)).filter((r): r is LaterRoot => r !== null);
  const tail = openTail < 0 ? null : repairedRoot(candidate, openTail, candidate.text.length, options, true, true);
  if (tail !== null) later.push(tail);
  if (later.length === 0) return first;
  if (first.ok) return { ...first, laterRoots: first.laterRoots === undefined ? later : [...first.laterRoots, ...later] };
  const [taken, ...rest] = later;
  const outcome: ParseOutcome = { ok: true, value: taken!.value, interventions: taken!.interventions, truncated: taken!.truncated === true };
  return rest.length > 0 ? { ...outcome, laterRoots: rest } : outcome;
}

/** The last character closes the bracket the first one opens (`{…}`, `[…]`). */
function closesAsWhole(text: string, start: number, end: number): boolean {
  const open = text.charCodeAt(start);
  const close = text.charCodeAt(end - 1);
  return (open === 0x7b && close === 0x7d) || (open === 0x5b && close === 0x5d);
}

/** The repairer's options for a whole candidate. */
function repairOptionsOf(candidate: Candidate, options: ParseStageOptions, expect: ParseStageOptions['expect'], objectsAsList: boolean): RepairJsonOptions {
  // Field by field, here and below: spreads of these small objects took the engine's generic
  // copy, about 3 % of a defective output's repair.
  const repairOptions: RepairJsonOptions = {
    expect: objectsAsList ? 'any' : expect ?? 'any',
    allowNdjson: options.allowNdjson === true || objectsAsList,
    noiseStart: candidate.noiseStart,
    orphanFence: candidate.orphanFence,
  };
  if (options.maxDepth !== undefined) repairOptions.maxDepth = options.maxDepth;
  return repairOptions;
}

function repairOutcome(repaired: RepairJsonResult): ParseOutcome {
  if (repaired.ok) {
    const outcome: ParseOutcome = { ok: true, value: repaired.value, interventions: repaired.interventions, truncated: repaired.truncated };
    if (repaired.root !== undefined) outcome.root = repaired.root;
    return outcome;
  }
  return { ok: false, failure: repaired.failure, error: repaired.error, interventions: [] };
}
