/**
 * Airlock's JSON repairer: one left-to-right pass over a candidate text that
 * records every change as an intervention (span in candidate coordinates,
 * exact before/after) and builds the value as it reads (see build-value.ts).
 * The repaired text is the candidate with those edits applied, built when asked
 * for; the value is what `JSON.parse` reads from it (own data properties only,
 * so `__proto__` keys stay plain data).
 */
import type { FailureClass, Intervention, Span } from '../types.js';
import { applyEdits, editsDisjoint, sortEdits } from './apply-edits.js';
import { inexact } from './build-value.js';
import { Ch, isDigit, isIdentChar, isIdentStart, isQuote, isValueStart, isWs } from './json-chars.js';
import { parseValue } from './parse-value.js';
import { createContext, record, skipTrivia, type RepairContext } from './repair-context.js';
import { fencedRootAt } from './structure-after-root.js';
import { leadingTrim, trailingTrims } from './trim-around-root.js';
import { looksEscaped, unescapeOnce } from './unescape-once.js';
import { codeAt } from '../code-at.js';

export interface RepairJsonOptions {
  /** Root shape wanted: a structure of that kind is searched past leading prose. Default 'any'. */
  expect?: 'object' | 'array' | 'any';
  /** Maximum nesting depth (default 1,000); deeper input fails with 'syntax'. */
  maxDepth?: number;
  /** Join several root values separated by newlines or commas into an array. */
  allowNdjson?: boolean;
  /** Start of trailing terminal noise in the text (from the scanner), or -1. */
  noiseStart?: number;
  /** Orphan closing fence in the text (from the scanner). */
  orphanFence?: Span | undefined;
}

export type RepairJsonResult =
  /**
   * `root`: where the value was read, `[start, end)` of the text, when it is that one slice read
   * as it stands (no NDJSON join, no unwrapping of an escaped or stringified root).
   */
  | { ok: true; text: string; value: unknown; interventions: Intervention[]; truncated: boolean; root?: Span }
  | { ok: false; failure: FailureClass; error: string; interventions: Intervention[] };

/** A repair that succeeded. */
type RepairedJson = Extract<RepairJsonResult, { ok: true }>;

/**
 * A successful repair whose text is built from its edits only when read: the pipeline wants
 * the value alone, and building the text was a few per cent of a defective document's repair.
 */
class LazyRepair implements RepairedJson {
  readonly ok = true;
  value: unknown;
  interventions: Intervention[];
  truncated: boolean;
  root?: Span;
  #text: string | undefined;
  readonly #source: string;
  /** The edits the text is made of: the first ones of `interventions`, should a caller append more. */
  readonly #count: number;

  constructor(source: string, interventions: Intervention[], value: unknown, truncated: boolean, text?: string) {
    this.#source = source;
    this.#count = interventions.length;
    this.#text = text;
    this.interventions = interventions;
    this.value = value;
    this.truncated = truncated;
  }

  get text(): string {
    return (this.#text ??= applyEdits(this.#source, this.interventions.slice(0, this.#count)) ?? '');
  }
}

const DEFAULT_MAX_DEPTH = 1000;

function failure(failure: FailureClass, error: string): RepairJsonResult {
  return { ok: false, failure, error, interventions: [] };
}

/** Skips a Markdown fence opener (```` ``` ````, ```` ```json ````, also `[```` and `{````) at `ctx.i`. */
function skipFenceOpener(ctx: RepairContext): boolean {
  const { text } = ctx;
  const start = ctx.i;
  const c = text.charCodeAt(start);
  let i = start;
  if ((c === Ch.LBRACKET || c === Ch.LBRACE) && text.startsWith('```', start + 1)) i++;
  if (!text.startsWith('```', i)) return false;
  i += 3;
  while (i < ctx.n && isIdentChar(text.charCodeAt(i))) i++;
  record(ctx, 'code_fence_trimmed', start, i, '');
  ctx.i = i;
  skipTrivia(ctx, true);
  return true;
}

/** `ident (` at `i`: a JSONP or MongoDB-style call wrapping the value. */
function isCallAt(text: string, i: number): boolean {
  let j = i;
  while (isIdentChar(text.charCodeAt(j))) j++;
  while (isWs(text.charCodeAt(j))) j++;
  return text.charCodeAt(j) === Ch.LPAREN;
}

/** Where the root value starts at or after `ctx.i`, or -1 when there is none. */
function findRootStart(ctx: RepairContext, expect: RepairJsonOptions['expect'], skipQuoted: boolean): number {
  const { text } = ctx;
  const i = ctx.i;
  const c = text.charCodeAt(i);
  if (expect === 'object' || expect === 'array') {
    const opener = expect === 'object' ? '{' : '[';
    if (text[i] === opener) return i;
    if (!skipQuoted && (isQuote(c) || (c === Ch.BACKSLASH && text.charCodeAt(i + 1) === Ch.DQUOTE))) return i;
    return text.indexOf(opener, i);
  }
  if (c === Ch.LBRACE || c === Ch.LBRACKET || isQuote(c) || isDigit(c) || c === Ch.MINUS || c === Ch.PLUS || c === Ch.DOT || c === Ch.SLASH) return i;
  if (c === Ch.BACKSLASH && text.charCodeAt(i + 1) === Ch.DQUOTE) return i;
  if (isIdentStart(c) && isCallAt(text, i)) return i;
  const brace = text.indexOf('{', i);
  const bracket = text.indexOf('[', i);
  const opener = brace < 0 ? bracket : bracket < 0 ? brace : Math.min(brace, bracket);
  return opener < 0 ? i : opener;
}

function hasNewline(text: string, from: number, to: number): boolean {
  const nl = text.indexOf('\n', from);
  return nl >= 0 && nl < to;
}

/** After the root: a root comma, more NDJSON values (also in later fenced blocks), stray closers, a closing fence. */
function parseAfterRoot(ctx: RepairContext, rootStart: number, options: RepairJsonOptions): boolean {
  const { text } = ctx;
  const structured = text.charCodeAt(rootStart) === Ch.LBRACE || text.charCodeAt(rootStart) === Ch.LBRACKET;
  let end = ctx.i;
  skipTrivia(ctx, true);
  let comma = -1;
  if (codeAt(text, ctx.i) === Ch.COMMA) {
    comma = ctx.i++;
    skipTrivia(ctx, true);
  }
  const continues = (): boolean => {
    const c = codeAt(text, ctx.i);
    return ctx.i < ctx.n && (structured ? c === Ch.LBRACE || c === Ch.LBRACKET : isValueStart(c));
  };
  /** Start of the next root to join, or -1: after a comma or newline, or in the next fenced block. */
  const nextRoot = (first: boolean): number => {
    if (continues() && (!first || comma >= 0 || hasNewline(text, end, ctx.i))) return ctx.i;
    return comma < 0 ? fencedRootAt(text, ctx.i) : -1;
  };
  let next = options.allowNdjson === true ? nextRoot(true) : -1;
  if (next >= 0) {
    inexact(ctx);
    // The opening bracket goes before any edit the root value made at its own start.
    const mark = ctx.edits.length;
    record(ctx, 'ndjson_wrapped', rootStart, rootStart, '[');
    const first = ctx.edits.findIndex((e) => e.span![0] >= rootStart);
    if (first >= 0 && first < mark) ctx.edits.splice(first, 0, ...ctx.edits.splice(mark, 1));
    do {
      if (next > ctx.i) {
        // ```` ``` prose ```json ````: the fences and the prose between two blocks become the comma.
        record(ctx, 'ndjson_wrapped', ctx.i, next, ',');
        ctx.edits[ctx.edits.length - 1]!.message = 'Joined the values of several fenced blocks into one array, dropping the fences and the text between them.';
        ctx.i = next;
      } else if (comma < 0) record(ctx, 'ndjson_wrapped', end, end, ',');
      if (!parseValue(ctx)) return false;
      end = ctx.i;
      skipTrivia(ctx, true);
      comma = -1;
      if (codeAt(text, ctx.i) === Ch.COMMA) {
        comma = ctx.i++;
        skipTrivia(ctx, true);
      }
    } while ((next = nextRoot(false)) >= 0);
    if (comma >= 0) record(ctx, 'trailing_comma', comma, comma + 1, '');
    record(ctx, 'ndjson_wrapped', end, end, ']');
  } else if (comma >= 0) record(ctx, 'trailing_comma', comma, comma + 1, '');
  for (;;) {
    const c = codeAt(text, ctx.i);
    const fence = options.orphanFence;
    if (fence !== undefined && fence[0] === ctx.i) break;
    if (c === Ch.RBRACE || c === Ch.RBRACKET) {
      record(ctx, 'extra_closing_bracket', ctx.i, ctx.i + 1, '');
      ctx.i++;
    } else if (text.startsWith('```', ctx.i)) {
      record(ctx, 'code_fence_trimmed', ctx.i, ctx.i + 3, '');
      ctx.i += 3;
    } else break;
    skipTrivia(ctx, true);
  }
  if (ctx.i < ctx.n) {
    ctx.edits.push(...trailingTrims(text, ctx.i, { noiseStart: options.noiseStart ?? -1, orphanFence: options.orphanFence }));
  }
  return true;
}

const OVERLAP = 'The repair produced overlapping edits.';

/** Builds the result from the recorded edits: the value built while reading, or read from the repaired text. */
function finish(ctx: RepairContext): RepairJsonResult {
  const edits = sortEdits(ctx.edits);
  if (ctx.exact) return editsDisjoint(edits) ? new LazyRepair(ctx.text, edits, ctx.value, ctx.truncated) : failure('syntax', OVERLAP);
  const text = applyEdits(ctx.text, edits);
  if (text === undefined) return failure('syntax', OVERLAP);
  try {
    return new LazyRepair(ctx.text, edits, JSON.parse(text), ctx.truncated, text);
  } catch {
    return failure('syntax', 'The repaired text still does not parse as JSON.');
  }
}

/** Replaces `text[start, end)` by another repair's result, as one edit. */
function replaceRoot(ctx: RepairContext, rule: 'escaped_json_unescaped' | 'stringified_json_unwrapped', start: number, end: number, inner: RepairJsonResult & { ok: true }): RepairJsonResult {
  ctx.edits = ctx.edits.filter((e) => e.span![1] <= start && e.span![0] < start || e.span![0] >= end && e.span![1] > e.span![0]);
  record(ctx, rule, start, end, inner.text);
  const last = ctx.edits[ctx.edits.length - 1]!;
  if (inner.interventions.length > 0) last.message += ` Inside it: ${[...new Set(inner.interventions.map((x) => x.rule))].join(', ')}.`;
  ctx.truncated ||= inner.truncated;
  inexact(ctx);
  return finish(ctx);
}

function repairOnce(text: string, options: RepairJsonOptions, nested: boolean, skipQuoted: boolean): RepairJsonResult {
  const ctx = createContext(text, options.maxDepth ?? DEFAULT_MAX_DEPTH);
  skipTrivia(ctx, true);
  skipFenceOpener(ctx);
  if (ctx.i >= ctx.n) {
    return /\S/.test(text) ? failure('no_candidate', 'The candidate holds only comments or fences.') : failure('empty_output', 'The candidate is empty.');
  }
  const expect = options.expect ?? 'any';
  const rootStart = findRootStart(ctx, expect, skipQuoted);
  if (rootStart < 0) return failure('no_candidate', `No JSON ${expect} found in the candidate.`);
  ctx.edits.push(...leadingTrim(text, ctx.i, rootStart));
  ctx.i = rootStart;
  if (!nested && looksEscaped(text, rootStart)) {
    let end = ctx.n;
    while (end > rootStart && isWs(text.charCodeAt(end - 1))) end--;
    const inner = repairOnce(unescapeOnce(text.slice(rootStart, end)), options, true, false);
    if (inner.ok) return replaceRoot(ctx, 'escaped_json_unescaped', rootStart, end, inner);
  }
  if (!parseValue(ctx)) return failure('syntax', ctx.error ?? 'The JSON candidate does not parse.');
  const rootEnd = ctx.i;
  if (!parseAfterRoot(ctx, rootStart, options)) return failure('syntax', ctx.error ?? 'The JSON candidate does not parse.');
  const result = finish(ctx);
  if (result.ok && !nested && options.allowNdjson !== true && typeof result.value === 'object' && result.value !== null) {
    result.root = [rootStart, rootEnd];
    return result;
  }
  if (!result.ok || nested || typeof result.value !== 'string' || (expect !== 'object' && expect !== 'array')) return result;
  // A string where a structure is expected: JSON encoded inside a string, or prose to skip.
  const inner = repairOnce(result.value, options, true, false);
  const kindOk = inner.ok && inner.value !== null && typeof inner.value === 'object' && Array.isArray(inner.value) === (expect === 'array');
  if (inner.ok && kindOk) {
    const unwrapped = replaceRoot(ctx, 'stringified_json_unwrapped', rootStart, rootEnd, inner);
    if (unwrapped.ok) return unwrapped;
  }
  if (skipQuoted) return result;
  const past = repairOnce(text, options, nested, true);
  return past.ok ? past : result;
}

/**
 * Repairs a JSON candidate in one linear pass. Valid JSON comes back untouched
 * with no interventions; a cut-off structure is closed with `synthesized`
 * interventions and `truncated: true`.
 *
 * @example
 * const r = repairJson("{name: 'Ada', tags: ['x',],}");
 * r.ok && r.value; // { name: 'Ada', tags: ['x'] }
 * r.ok && r.interventions.map((i) => i.rule); // ['unquoted_key', 'single_quoted_string', 'unquoted_key', 'single_quoted_string', 'trailing_comma', 'trailing_comma']
 */
export function repairJson(text: string, options: RepairJsonOptions = {}): RepairJsonResult {
  return repairOnce(text, options, false, false);
}
