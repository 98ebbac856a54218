/**
 * Candidate building in the output-normalization seed's order: the raw text,
 * the prefix-stripped text, fenced bodies, tagged bodies (then unclosed-tag
 * fallbacks), and everything from the first known top-level key line. Fences,
 * tags and known keys are looked for with and without prefix stripping.
 */
import type { Span } from '../types.js';
import type { Candidate } from './candidate.js';
import { toRawIndex } from './candidate.js';
import { selectScan } from './select-scanner.js';
import { SpanKind } from './span-kind.js';
import { firstNonSpaceIndex } from '../first-non-space.js';
import { stripTranscriptPrefixes, type StrippedText } from './strip-transcript-prefixes.js';
import { codeAt } from '../code-at.js';

/** What candidate building needs to know about the contract. */
export interface CandidateOptions {
  /** Top-level keys of the contract; a line starting with `key:` starts a candidate. */
  knownKeys?: readonly string[];
  /** Tag names the contract expects; an unclosed one yields a fallback candidate. */
  tags?: readonly string[];
}

/**
 * Envelope-looking tag names (OUTPUT, BEAD_STATUS) qualify for the unclosed fallback. A single
 * capital is a generic type parameter in prose about code (`Update <T> handler`), never an envelope.
 */
const ENVELOPE_NAME = /^[A-Z][A-Z0-9_]+$/;
/**
 * Unclosed-tag fallbacks each run to the end of the text, so they overlap: bounding how many
 * there are (one per tag name, two names) keeps the candidates' total length a small
 * multiple of the input instead of one full-length candidate per tag in the text.
 */
const MAX_UNCLOSED_TAG_CANDIDATES = 2;
/** Bounds work on hostile input with thousands of fences or tags. */
const MAX_CANDIDATES = 64;

interface View {
  text: string;
  spans: Int32Array;
  stripped: StrippedText | null;
}

/**
 * Builds candidates from scanned raw text.
 *
 * @example
 * const raw = 'Sure:\n```json\n{"a":1}\n```';
 * buildCandidates(raw, selectScan(raw)).map((c) => c.source) // ['raw', 'fenced']
 */
export function buildCandidates(raw: string, spans: Int32Array, options: CandidateOptions = {}): Candidate[] {
  const list = candidateList(raw, spans, options);
  list.addKnownKeys();
  return list.candidates;
}

/** The candidates in order, the known-key ones (always last) only when asked for. */
export interface CandidateList {
  readonly candidates: Candidate[];
  /**
   * Appends the known-key candidates, once; true when it appended any. The pipeline asks only
   * when every earlier candidate failed (a later one is skipped once one validated anyway), so
   * a fenced or tagged answer never pays the search for key lines.
   */
  addKnownKeys(): boolean;
}

/**
 * {@link buildCandidates} with the known-key candidates deferred (the pipeline's entry).
 *
 * @example
 * const list = candidateList(raw, selectScan(raw), { knownKeys: ['title'] });
 * list.candidates; // raw, prefix-stripped, fenced, tagged ones
 * list.addKnownKeys(); // then the ones from the first `title:` line
 */
export function candidateList(raw: string, spans: Int32Array, options: CandidateOptions = {}): CandidateList {
  const rawView: View = { text: raw, spans, stripped: null };
  const stripped = stripTranscriptPrefixes(raw, spans);
  const views: View[] = [rawView];
  if (stripped !== null) views.push({ text: stripped.text, spans: selectScan(stripped.text), stripped });
  const list = new Candidates(views, options);

  list.add(rawView, 'raw', 0, raw.length);
  if (stripped !== null) list.add(views[1]!, 'prefix_stripped', 0, stripped.text.length);
  for (const view of views) {
    const { spans: found } = view;
    for (let k = 0; k < found.length; k += 3) {
      if (found[k] === SpanKind.FENCE_BODY || found[k] === SpanKind.FENCE_UNCLOSED_BODY) {
        const info = fenceInfoBefore(view, k);
        list.add(view, 'fenced', found[k + 1]!, found[k + 2]!, info === undefined ? undefined : { fenceInfo: info });
      }
    }
  }
  for (const view of views) {
    const { spans: found } = view;
    for (let k = 0; k < found.length; k += 3) {
      if (found[k] === SpanKind.TAG_BODY && !wrapsOneElement(view.text, found[k + 1]!, found[k + 2]!)) list.add(view, 'tagged', found[k + 1]!, found[k + 2]!, { tag: tagNameBefore(view, k) });
    }
  }
  for (const view of views) {
    // The seed's fallback is everything after the *last* opening of a tag: an earlier one of the
    // same name would only add that text's draft in front of it.
    let lastOpen: Map<string, number> | undefined;
    const { spans: found } = view;
    for (let k = 0; k < found.length; k += 3) {
      if (found[k] !== SpanKind.TAG_UNCLOSED_BODY) continue;
      const tag = tagNameBefore(view, k);
      const wanted = options.tags !== undefined && options.tags.length > 0 ? options.tags.includes(tag) : ENVELOPE_NAME.test(tag);
      lastOpen ??= new Map();
      if (!wanted || (!lastOpen.has(tag) && lastOpen.size >= MAX_UNCLOSED_TAG_CANDIDATES)) continue;
      lastOpen.set(tag, Math.max(lastOpen.get(tag) ?? 0, found[k + 1]!));
    }
    for (const [tag, start] of lastOpen ?? []) list.add(view, 'tagged_unclosed', start, view.text.length, { tag });
  }
  return list;
}

/**
 * The list being built. Methods, not closures made per output: a closure per call costs an
 * allocation, and a build that keeps function names (a TypeScript loader, a bundler's
 * `keepNames`) adds a property definition on each.
 */
class Candidates implements CandidateList {
  readonly candidates: Candidate[] = [];
  private keysAdded = false;

  constructor(
    private readonly views: readonly View[],
    private readonly options: CandidateOptions,
  ) {}

  add(view: View, source: Candidate['source'], start: number, end: number, extra?: Partial<Candidate>): void {
    const out = this.candidates;
    if (out.length >= MAX_CANDIDATES) return;
    if (firstNonSpaceIndex(view.text, start, end) < 0) return;
    const text = view.text.slice(start, end);
    // A text already taken is not taken again. Lengths are compared first: texts of different
    // lengths are never read, and a Set would hash every candidate's whole text. The list is
    // short (MAX_CANDIDATES), so a scan costs less than a map made for every output.
    for (let k = 0; k < out.length; k++) if (out[k]!.text.length === text.length && out[k]!.text === text) return;
    out.push(makeCandidate(view, source, start, end, text, extra));
  }

  addKnownKeys(): boolean {
    const { knownKeys } = this.options;
    if (this.keysAdded || knownKeys === undefined || knownKeys.length === 0) return false;
    this.keysAdded = true;
    const before = this.candidates.length;
    for (const view of this.views) {
      const start = firstKnownKeyLine(view.text, knownKeys);
      if (start > 0) this.add(view, 'known_key', start, view.text.length);
    }
    return this.candidates.length > before;
  }
}

/** A body that is one element and nothing else: `<A>` + `<B>…</B>` + `</A>`, whitespace aside. */
const ONE_ELEMENT = /^\s*<([A-Za-z_][\w.:-]*)>[\s\S]*<\/\1>\s*$/;

/**
 * True when a tag's body holds only one inner element: the inner body is a candidate of its own
 * (it closes first, so it comes first), and the outer adds only the inner tag lines. Nested
 * envelopes sixty deep around a broken document gave sixty near-copies of it to repair.
 */
function wrapsOneElement(text: string, start: number, end: number): boolean {
  // Only a body whose first non-space character is `<` can be one element: the regex (and the slice it needs) runs only then.
  const at = firstNonSpaceIndex(text, start, end);
  return at >= 0 && text.charCodeAt(at) === 60 && ONE_ELEMENT.test(text.slice(start, end));
}

/** The FENCE_INFO span, when present, comes right before the body span. */
function fenceInfoBefore(view: View, k: number): string | undefined {
  if (k >= 3 && view.spans[k - 3] === SpanKind.FENCE_INFO) {
    return view.text.slice(view.spans[k - 2], view.spans[k - 1]);
  }
  return undefined;
}

/** The TAG_OPEN span comes right before a body span: `<name>`. */
function tagNameBefore(view: View, k: number): string {
  return view.text.slice(view.spans[k - 2]! + 1, view.spans[k - 1]! - 1);
}

/** A contract's known keys as a set, made once per keys list (a contract keeps its list). */
const keySets = new WeakMap<readonly string[], ReadonlySet<string>>();

function keySetOf(keys: readonly string[]): ReadonlySet<string> {
  let set = keySets.get(keys);
  if (set === undefined) keySets.set(keys, (set = new Set(keys)));
  return set;
}

/** Start of the first line (not the first) that begins with `key:` or `"key":` for a known key, or -1. One pass over line starts. */
function firstKnownKeyLine(text: string, keys: readonly string[]): number {
  const known = keySetOf(keys);
  for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', nl + 1)) {
    const start = nl + 1;
    const quoted = codeAt(text, start) === 34;
    let end = quoted ? start + 1 : start;
    while (end < text.length && isKeyChar(text.charCodeAt(end))) end++;
    const keyStart = quoted ? start + 1 : start;
    if (end === keyStart) continue;
    if (quoted && codeAt(text, end) !== 34) continue;
    const colon = quoted ? end + 1 : end;
    if (codeAt(text, colon) === 58 && known.has(text.slice(keyStart, end))) return start;
  }
  return -1;
}

/** Characters of a plain key: letters, digits, `_`, `-`, `.`. */
function isKeyChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 46;
}

function makeCandidate(
  view: View,
  source: Candidate['source'],
  start: number,
  end: number,
  text: string,
  extra: Partial<Candidate> | undefined,
): Candidate {
  const base: Candidate = {
    source,
    text,
    span: [0, 0],
    prefixStripped: view.stripped !== null,
    noiseStart: -1,
    ...extra,
  };
  if (view.stripped !== null) {
    // Rebase the stripped view's segments onto this slice.
    // Only the segments are read (not a spread of the candidate: that took the engine's generic copy).
    const whole = { span: [0, 0] as const, segments: view.stripped.segments };
    const rawStart = toRawIndex(whole, start);
    const rawEnd = end === start ? rawStart : toRawIndex(whole, end - 1) + 1;
    base.span = [rawStart, rawEnd];
    base.segments = sliceSegments(view.stripped.segments, start, end);
  } else {
    base.span = [start, end];
  }
  locateNoise(view, start, end, base);
  return base;
}

function sliceSegments(segments: number[], start: number, end: number): number[] {
  const out: number[] = [];
  for (let k = 0; k < segments.length; k += 2) {
    const segStart = segments[k]!;
    const segEnd = k + 2 < segments.length ? segments[k + 2]! : Number.POSITIVE_INFINITY;
    if (segEnd <= start || segStart >= end) continue;
    const from = Math.max(segStart, start);
    out.push(from - start, segments[k + 1]! + (from - segStart));
  }
  return out;
}

/** Records trailing noise and an orphan fence that fall inside the candidate. */
function locateNoise(view: View, start: number, end: number, candidate: Candidate): void {
  const { spans } = view;
  for (let k = 0; k < spans.length; k += 3) {
    const kind = spans[k];
    const s = spans[k + 1]!;
    const e = spans[k + 2]!;
    if (kind === SpanKind.TRAILING_NOISE && s >= start && s < end) candidate.noiseStart = s - start;
    if (kind === SpanKind.ORPHAN_FENCE && s >= start && e <= end) {
      const span: Span = [s - start, e - start];
      candidate.orphanFence = span;
    }
  }
}
