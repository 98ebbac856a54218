/**
 * The public pipeline: scan → candidates → parse/repair → normalize → validate,
 * trying candidates in order until one validates.
 */
import type { AnySchema, Contract } from '../contract/contract.js';
import { toContract } from '../contract/contract.js';
import { detectPromptEcho } from '../normalize/detect-prompt-echo.js';
import { candidateList, type CandidateList } from '../scan/build-candidates.js';
import { ARTIFACT_SOURCES, type Candidate } from '../scan/candidate.js';
import { hasWasmScanner, selectScan } from '../scan/select-scanner.js';
import { isNoiseOnly } from '../scan/is-noise-only.js';
import { holdsNoise, parsedJsonHoldsNoise, textHoldsNoise } from '../scan/holds-noise.js';
import { detectFormat } from '../yaml/detect-format.js';
import { deepEqual } from '../normalize/value-tree.js';
import type { ParseFailure, ParseResult, ParseSuccess } from '../types.js';
import { failure, FAILURE_RANK, reported } from './failure.js';
import type { ArtifactPick, SafeParseOptions } from '../stage-types.js';
import type { PartialOptions } from '../partial/partial-options.js';
import { rootTakesText, tryCandidate, wantsScalar, type Attempt } from './try-candidate.js';
import { candidateFormat } from './parse-candidate.js';
import { WorkMeter } from '../work-meter.js';
import { firstNonSpaceIndex } from '../first-non-space.js';
import { parsePartial } from '../partial/partial-parser.js';
import { repairAddsNothing } from './prose-around-artifact.js';
import type { PartialParseResult } from '../partial/partial-result.js';

type Win<T> = Extract<Attempt<T>, { kind: 'success' }>;

/**
 * The winner among the readings that validated in one pass, with the number of other
 * valid readings whose value differs from it.
 */
function pickArtifact<T>(wins: readonly Win<T>[], pick: ArtifactPick = 'first'): ParseSuccess<T> {
  let chosen = wins[0]!;
  // The usual case, one reading and nothing else to count: no lists built to find that out.
  if (wins.length === 1 && (chosen.others === undefined || chosen.others.length === 0)) return chosen.result;
  if (pick === 'last') chosen = wins.reduce((a, b) => (b.result.candidate.span[0] >= a.result.candidate.span[0] ? b : a));
  else if (pick === 'fenced') chosen = wins.find((w) => w.result.candidate.source === 'fenced') ?? chosen;
  const others: unknown[] = [];
  for (const value of wins.flatMap((w) => [w.result.data, ...(w.others ?? [])])) {
    if (!deepEqual(value, chosen.result.data) && !others.some((o) => deepEqual(o, value))) others.push(value);
  }
  return others.length === 0 ? chosen.result : { ...chosen.result, otherValidCandidates: others.length };
}

/** JSON whitespace: what may surround a root inside a fence or a tag. */
function isJsonSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/**
 * True when an artifact's text is, whitespace aside, the very slice a win already read as its
 * root (a defective answer in a fence: repairing the raw text trims the prose and the fence and
 * reads the body). Reading it again would repeat the repair and the validation for a value
 * the win has, so it is not counted as another reading; under `pick: 'first'` the win stays
 * the pick either way. Other picks choose by source or position, so they still read it.
 */
function readsWonRoot<T>(raw: string, candidate: Candidate, wins: readonly Win<T>[], pick: ArtifactPick = 'first'): boolean {
  if (pick !== 'first' || candidate.prefixStripped) return false;
  const [start, end] = trimmedSpan(raw, candidate.span[0], candidate.span[1]);
  // A reading cut off at the end of the text takes the whitespace after it into its root.
  return wins.some((win) => win.root !== undefined && win.root[0] === start && trimmedSpan(raw, win.root[0], win.root[1])[1] === end);
}

/** `[start, end)` without the JSON whitespace at either end. */
function trimmedSpan(raw: string, start: number, end: number): [number, number] {
  while (start < end && isJsonSpace(raw.charCodeAt(start))) start++;
  while (end > start && isJsonSpace(raw.charCodeAt(end - 1))) end--;
  return [start, end];
}

/** Candidates that read the whole text: another view of it, not an artifact of their own. */
const WHOLE_TEXT_SOURCES: ReadonlySet<Candidate['source']> = new Set(['raw', 'prefix_stripped']);

/**
 * Artifacts the repair pass reads before a whole text that reads as YAML: fences (a fence that
 * never closes is the answer cut off inside it, nothing follows it) and closed tags.
 */
const LEADING_ARTIFACT_SOURCES: ReadonlySet<Candidate['source']> = new Set(['fenced', 'tagged']);

function leads(candidate: Candidate): boolean {
  return LEADING_ARTIFACT_SOURCES.has(candidate.source);
}

/**
 * The order of the repair pass. A whole text that reads as YAML comes after the fences and
 * closed tags it holds: repairing YAML through the prose and fence lines around an artifact is
 * the costliest attempt there is (every structural group runs, about 230 µs on a 2.5 KB
 * answer) and mostly fails where the artifact's own repair succeeds; when both would validate,
 * the artifact is the reading with fewer changes (no prose or fence line removed, no prose line
 * read as a key). JSON keeps the given order: its repair of the whole text trims to the root
 * and reads the artifact at the same cost, which is then not read again (see readsWonRoot). An
 * unclosed tag keeps its place too: its body runs to the end of the text, prose and all.
 */
function repairOrder(candidates: Candidate[], contract: Contract<unknown>): Candidate[] {
  if (!candidates.some(leads)) return candidates;
  // Whole-text candidates are built first, so a YAML one always stands before the artifacts.
  const scalarRoot = wantsScalar(contract);
  if (!candidates.some((c) => WHOLE_TEXT_SOURCES.has(c.source) && candidateFormat(c, { scalarRoot, contract }) === 'yaml')) return candidates;
  return [...candidates.filter(leads), ...candidates.filter((c) => !leads(c))];
}

const DEFAULT_MAX_LENGTH = 16 * 1024 * 1024;

/**
 * Parses model text against a contract without ever throwing. With `partial`, the text is a
 * prefix of a streamed answer and the result is partial (see docs/streaming.md).
 *
 * @example
 * const result = safeParse('Sure!\n```json\n{"title":"x"}\n```', z.object({ title: z.string() }));
 * if (result.success) result.data.title // 'x'
 * else result.failure // 'empty_output' | 'no_candidate' | 'syntax' | 'schema' | …
 * safeParse('{"title":"Fix lo', z.object({ title: z.string() }), { partial: true }).data // { title: 'Fix lo' }
 */
export function safeParse<T>(raw: unknown, contractOrSchema: Contract<T> | AnySchema<T>, options: SafeParseOptions & { partial: true | PartialOptions }): PartialParseResult<T>;
export function safeParse<T>(raw: unknown, contractOrSchema: Contract<T> | AnySchema<T>, options?: SafeParseOptions): ParseResult<T>;
export function safeParse<T>(raw: unknown, contractOrSchema: Contract<T> | AnySchema<T>, options: SafeParseOptions = {}): ParseResult<T> | PartialParseResult<T> {
  if (options.partial !== undefined && options.partial !== false) return parsePartial(raw, contractOrSchema, options.partial === true ? options : { ...options, ...options.partial });
  let contract: Contract<T>;
  try {
    contract = toContract(contractOrSchema);
  } catch (error) {
    return failure('schema', (error as Error).message);
  }
  try {
    return runPipeline(raw, contract, options);
  } catch (error) {
    // Stages are total; reaching this is a bug, but model text must never crash a caller.
    return failure('syntax', `Internal error while parsing: ${(error as Error)?.message ?? String(error)}`);
  }
}

/** The raw text as a candidate, before any scan: what a clean output needs and nothing more. */
function rawCandidate(raw: string): Candidate {
  return { source: 'raw', text: raw, span: [0, raw.length], prefixStripped: false, noiseStart: -1 };
}

/**
 * Appends the known-key candidates to the list and, in the repair pass, to its queue.
 * A function, not a closure made per pass (see Candidates in build-candidates.ts).
 */
function appendKnownKeys(list: CandidateList, queue: Candidate[]): boolean {
  const { candidates } = list;
  const before = candidates.length;
  if (!list.addKnownKeys()) return false;
  if (queue !== candidates) for (let k = before; k < candidates.length; k++) queue.push(candidates[k]!);
  return true;
}

function runPipeline<T>(raw: unknown, contract: Contract<T>, options: SafeParseOptions): ParseResult<T> {
  if (typeof raw !== 'string') return failure('empty_output', `Expected model text as a string, received ${raw === null ? 'null' : typeof raw}.`);
  // Not trim(): no copy of a large output just to look at it.
  if (firstNonSpaceIndex(raw) < 0) return failure('empty_output', 'The model output is empty.');
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;
  if (raw.length > maxLength) return failure('syntax', `The model output is ${raw.length} characters long, over the limit of ${maxLength}.`);
  const echo = detectPromptEcho(raw, contract as Contract<unknown>);
  if (echo !== null) return failure('prompt_echo', echo.message);
  // One meter for the whole call: the candidates share the budget (see SafeParseOptions.budget).
  const work = new WorkMeter(raw.length, options.budget);

  // Fast path: a clean output pays for one plain parse and one validation, no scan. Text
  // with terminal control characters takes the scan first, so YAML never reads noise as data.
  // A JSON-looking text is parsed before it is searched for noise: when it parses, the
  // search is the cheap one (see parsedJsonHoldsNoise); when it does not, the scan comes
  // next anyway, and it tells (see holdsNoise).
  const jsonFirst = detectFormat(raw) === 'json';
  // Asked once: the scan below takes the answer instead of reading the text for noise again.
  // The WASM kernel's scan answers it for less than the regex, and its spans serve later.
  let spans = !jsonFirst && hasWasmScanner() ? selectScan(raw) : undefined;
  const quiet = !jsonFirst && !(spans === undefined ? textHoldsNoise(raw) : holdsNoise(raw, spans));
  let fastPath = jsonFirst || quiet;
  // A text detectFormat calls JSON is JSON to candidateFormat too, whatever the contract.
  let first: Attempt<T> = fastPath ? tryCandidate(raw, rawCandidate(raw), contract, options, 'strict', work, jsonFirst ? 'json' : undefined) : { kind: 'unparsed' };
  if (jsonFirst && (first.kind === 'unparsed' ? holdsNoise(raw, (spans = selectScan(raw))) : parsedJsonHoldsNoise(raw))) {
    // Noise after all: the scan decides, exactly as if the fast path had not run.
    fastPath = false;
    first = { kind: 'unparsed' };
  }
  if (first.kind === 'success') return first.result;

  spans ??= selectScan(raw, quiet);
  if (isNoiseOnly(raw, spans)) return failure('empty_output', 'The model output holds only terminal noise.');
  // The known-key candidates come last and only when needed (see CandidateList.addKnownKeys).
  const list = candidateList(raw, spans, { knownKeys: contract.knownKeys, tags: contract.tags });
  const { candidates } = list;
  let best: ParseFailure | null = first.kind === 'failure' ? first.result : null;
  // Both sets are made when a first candidate goes in: an artifact that validates at once never needs them.
  let done: Set<Candidate> | undefined;
  if (first.kind === 'failure' && first.final && candidates[0]?.source === 'raw') (done ??= new Set()).add(candidates[0]);
  /** Candidates whose whole text parsed as-is (pass 1). */
  let parsedWhole: Set<Candidate> | undefined;
  if (first.kind === 'failure' && candidates[0]?.source === 'raw') (parsedWhole ??= new Set()).add(candidates[0]);
  /** An artifact whose own reading failed, refused by the contract or unparsable (see repairAddsNothing). */
  let refusedArtifact: Candidate | undefined;

  // Pass 1 tries every candidate as-is; pass 2 slices and repairs the candidates whose plain
  // parse failed. A clean fenced candidate thus wins over repairing the raw text around it.
  for (const mode of ['strict', 'repair'] as const) {
    const queue = mode === 'repair' ? repairOrder(candidates, contract as Contract<unknown>) : candidates;
    const wins: Win<T>[] = [];
    /**
     * Fences and tags whose pass 1 a repair may still change (plain parse failed, or YAML read
     * as-is): repaired only to count and pick among valid artifacts.
     */
    const unparsedArtifacts: Candidate[] = [];
    for (let index = 0; index < queue.length || (wins.length === 0 && appendKnownKeys(list, queue)); index++) {
      const candidate = queue[index]!;
      // The raw candidate's strict attempt already ran on the fast path.
      if (done?.has(candidate) === true || (fastPath && mode === 'strict' && index === 0 && candidate.source === 'raw')) continue;
      // Once one validated, only other artifacts (fences, tags) are tried: to count them and to pick.
      if (wins.length > 0 && (!ARTIFACT_SOURCES.has(candidate.source) || readsWonRoot(raw, candidate, wins, options.pick))) continue;
      if (mode === 'repair' && repairAddsNothing(raw, candidate, candidates, refusedArtifact, contract as Contract<unknown>)) continue;
      const attempt = tryCandidate(raw, candidate, contract, options, mode, work);
      if (attempt.kind === 'success') {
        wins.push(attempt);
        continue;
      }
      if (attempt.kind === 'unparsed') {
        if (ARTIFACT_SOURCES.has(candidate.source)) unparsedArtifacts.push(candidate);
        continue;
      }
      if (mode === 'strict') (parsedWhole ??= new Set()).add(candidate);
      if ((attempt.result.failure === 'schema' || attempt.result.failure === 'syntax') && ARTIFACT_SOURCES.has(candidate.source)) refusedArtifact = candidate;
      if (attempt.final) (done ??= new Set()).add(candidate);
      else if (mode === 'strict' && ARTIFACT_SOURCES.has(candidate.source)) unparsedArtifacts.push(candidate);
      if (best === null || FAILURE_RANK[attempt.result.failure] > FAILURE_RANK[best.failure]) best = attempt.result;
    }
    if (wins.length > 0) {
      // A draft that parses as-is and a final answer that needs a repair are both artifacts.
      for (const candidate of mode === 'strict' ? unparsedArtifacts : []) {
        const attempt = tryCandidate(raw, candidate, contract, options, 'repair', work);
        if (attempt.kind === 'success') wins.push(attempt);
      }
      return pickArtifact(wins, options.pick);
    }
  }
  // A scalar root reads the text itself last: the answer in prose (`The sentiment is **Positive**.`).
  // A candidate that parsed as JSON already had its say (its text is data, not prose to
  // search), unless any string will do.
  if (wantsScalar(contract as Contract<unknown>)) {
    const takesText = rootTakesText(contract as Contract<unknown>);
    list.addKnownKeys();
    for (const candidate of candidates) {
      if (parsedWhole?.has(candidate) === true && !takesText) continue;
      const attempt = tryCandidate(raw, candidate, contract, options, 'text', work);
      if (attempt.kind === 'success') return attempt.result;
      if (attempt.kind === 'failure' && (best === null || FAILURE_RANK[attempt.result.failure] >= FAILURE_RANK[best.failure])) best = attempt.result;
    }
  }
  return best === null ? failure('no_candidate', 'No structured artifact was found in the model output.') : reported(best);
}
