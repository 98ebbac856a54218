/**
 * The repairer's cursor and edit log. Every change is one intervention whose
 * span is in candidate coordinates; the repaired text is the candidate with
 * these edits applied, so nothing is ever changed without a record.
 */
import type { Intervention } from '../types.js';
import { applyEdits, sortEdits } from './apply-edits.js';
import { JSON_CODE_INFO, type JsonCode } from './codes.js';
import { Ch, isSpecialWs, isWs } from './json-chars.js';
import { codeAt } from '../code-at.js';

export interface RepairContext {
  readonly text: string;
  readonly n: number;
  /** Current index into `text`. */
  i: number;
  edits: Intervention[];
  /** Set when a structure, string or literal cut off at the end was closed. */
  truncated: boolean;
  /** Why parsing failed, once it did. */
  error: string | undefined;
  readonly maxDepth: number;
  /** Where the last string read was closed, for a `+` join after it. */
  closePos: number;
  /** Index in `edits` of that closing quote's edit (-1: an untouched `"`). */
  closeEdit: number;
  /** The rule of that closing quote's edit while it is not recorded yet (see recordClose). */
  closeRule: JsonCode | undefined;
  /** A triple-quoted string was found unclosed: the scan went to the end, so later openings are not tried (linear). */
  tripleUnclosed: boolean;
  /** Characters first reads of strings may still look at past where they are read again (see readLiteral). */
  rereadBudget: number;
  /** How far the last first read of a string went before it asked to be read again. */
  readReached: number;
  /**
   * `[wsStart, wsEnd)`: the JSON whitespace the last trivia skip ended with. A string opening
   * at `wsEnd` looks back past it at once instead of reading it again (see readString).
   */
  wsStart: number;
  wsEnd: number;
  /** The value is being built as the text is read (see build-value.ts); false once a repair it does not follow was made. */
  exact: boolean;
  /** A backslash was met in the string being read: its value needs unescaping. */
  escapes: boolean;
  /** The value completed last (the root's, once the parse is done). */
  value: unknown;
  /** Index of the text's last line feed, once a `#` comment asked (see hashCommentEnd). */
  lastLineFeed: number | undefined;
}

/** First reads may waste this many times the text's length before strings are read up to a delimiter at once. */
const REREAD_FACTOR = 4;

export function createContext(text: string, maxDepth: number): RepairContext {
  return {
    text, n: text.length, i: 0, edits: [], truncated: false, error: undefined, maxDepth,
    closePos: -1, closeEdit: -1, closeRule: undefined, tripleUnclosed: false, rereadBudget: REREAD_FACTOR * text.length + 4096, readReached: 0,
    wsStart: -1, wsEnd: -1, exact: true, escapes: false, value: undefined, lastLineFeed: undefined,
  };
}

/**
 * JSON_CODE_INFO as a Map: a keyed load on the 56-key object, with a different name at nearly
 * every call, was the costliest line of `record` (about 3 % of a repair); Map.get is steady.
 */
const CODE_INFO: ReadonlyMap<string, { readonly category: Intervention['category']; readonly message: string }> = new Map(Object.entries(JSON_CODE_INFO));

/** Category and message of a rule (see CODE_INFO). */
export function codeInfo(rule: JsonCode): { readonly category: Intervention['category']; readonly message: string } {
  return CODE_INFO.get(rule)!;
}

/** A rule with its category and message, looked up once, for the most frequent records (see recordRule). */
export interface RuleInfo {
  readonly rule: JsonCode;
  readonly category: Intervention['category'];
  readonly message: string;
}

/** The {@link RuleInfo} of a rule (made once per rule, at module load, by its users). */
export function ruleInfo(rule: JsonCode): RuleInfo {
  const info = codeInfo(rule);
  return { rule, category: info.category, message: info.message };
}

/** {@link record} with the rule's info at hand: no lookup per record (1 to 2 % of a repair). */
export function recordRule(ctx: RepairContext, r: RuleInfo, start: number, end: number, after: string, before = ctx.text.slice(start, end)): void {
  ctx.edits.push({
    rule: r.rule, stage: 'parse', category: r.category, message: r.message,
    span: [start, end], before, after,
  });
}

const LINE_COMMENT = ruleInfo('line_comment_removed');
const BLOCK_COMMENT = ruleInfo('block_comment_removed');

/**
 * Records one edit: `text[start, end)` becomes `after` (an insertion when start === end).
 * `before`: that excerpt, when the caller has already sliced it.
 */
export function record(ctx: RepairContext, rule: JsonCode, start: number, end: number, after: string, before = ctx.text.slice(start, end)): void {
  const info = CODE_INFO.get(rule)!;
  ctx.edits.push({
    rule, stage: 'parse', category: info.category, message: info.message,
    span: [start, end], before, after,
  });
}

/** Fails the parse with a reason; returns false so callers can `return fail(...)`. */
export function fail(ctx: RepairContext, error: string): false {
  ctx.error ??= error;
  return false;
}

/** Index of the last non-whitespace character at or before `from` (or `floor`). */
export function prevNonWs(text: string, from: number, floor: number): number {
  let p = from;
  while (p > floor && isWs(text.charCodeAt(p))) p--;
  return p;
}

/**
 * Skips whitespace and comments from `ctx.i`. When `log` is true, comments are
 * removed and special spaces replaced, each with an intervention; otherwise the
 * caller removes the whole stretch itself. `hash`: `# …` is a comment too (only
 * where no value starts, so `#fff` or `# heading` as a value stays). `closer`: the
 * closing bracket of the container being read, or -1 (see {@link hashCommentEnd}).
 */
export function skipTrivia(ctx: RepairContext, log: boolean, hash = false, closer = -1): void {
  // Most of the 300 calls a document makes stand on a token already (`,`, `:`, a quote): this
  // test, small enough to be inlined at the call, spares them the loop (and its call).
  const c = codeAt(ctx.text, ctx.i);
  if (c >= 0 && c < 128 && TRIVIA_START[c] === 0) return;
  skipTriviaRun(ctx, log, hash, closer);
}

/**
 * Where a `#` comment opened at `from` ends: at its line break; on the text's last line, before
 * the first `closer` after it (the bracket closing the container it stands in), when there is one.
 * A comment in one-line JSON (`{"a": {"b": 1 # note }, "c": 2}`) would otherwise take the
 * closers and members after it with it, and the structure would be closed as cut off. `#` is no
 * JSON dialect's comment (Python's and YAML's), so no standard says it runs on; `//` is
 * JavaScript's, which does, and keeps to its line (as `json_repair` reads both).
 *
 * @example
 * hashCommentEnd('[1 # one ]', 3, 0x5d) // 9: the `]` closes the list
 */
export function hashCommentEnd(text: string, from: number, closer: number, lastLineFeed = text.lastIndexOf('\n')): number {
  // Told by the text's last line feed, found once per repair: a search for one that is not there
  // would read the rest of the text again for every comment of the last line.
  if (from <= lastLineFeed) return text.indexOf('\n', from);
  const close = closer < 0 ? -1 : text.indexOf(String.fromCharCode(closer), from);
  return close < 0 ? text.length : close;
}

/** Index of the text's last line feed (-1: none), looked up once per repair. */
function lastLineFeed(ctx: RepairContext): number {
  if (ctx.lastLineFeed === undefined) ctx.lastLineFeed = ctx.text.lastIndexOf('\n');
  return ctx.lastLineFeed;
}

/** ASCII units where trivia may start: JSON whitespace, `/`, `<`, `#`; any non-ASCII unit may be a special space. */
const TRIVIA_START = new Uint8Array(128);
for (const c of [Ch.SPACE, Ch.LF, Ch.CR, Ch.TAB, Ch.SLASH, Ch.LT, Ch.HASH]) TRIVIA_START[c] = 1;

function skipTriviaRun(ctx: RepairContext, log: boolean, hash: boolean, closer: number): void {
  const { text, n } = ctx;
  let i = ctx.i;
  let ws = i;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === Ch.SPACE || c === Ch.LF || c === Ch.CR || c === Ch.TAB) {
      i++;
    } else if (hash && c === Ch.HASH && (i + 1 >= n || isWs(text.charCodeAt(i + 1)) || text.charCodeAt(i + 1) === Ch.HASH)) {
      // `# note` where no value can start (after a value, before a key): a Python or YAML comment.
      const end = hashCommentEnd(text, i + 1, closer, lastLineFeed(ctx));
      if (log) recordRule(ctx, LINE_COMMENT, i, end, '');
      i = end;
      ws = i;
    } else if (c === Ch.SLASH) {
      const d = codeAt(text, i + 1);
      if (d === Ch.STAR) {
        const close = text.indexOf('*/', i + 2);
        const end = close < 0 ? n : close + 2;
        if (log) recordRule(ctx, BLOCK_COMMENT, i, end, '');
        i = end;
        ws = i;
      } else if (d === Ch.SLASH) {
        // JavaScript's own comment: to the line break, as every JSONC and JSON5 reader takes it.
        const nl = text.indexOf('\n', i + 2);
        const end = nl < 0 ? n : nl;
        if (log) recordRule(ctx, LINE_COMMENT, i, end, '');
        i = end;
        ws = i;
      } else break;
    } else if (c === Ch.LT && text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      const end = close < 0 ? n : close + 3;
      if (log) record(ctx, 'html_comment_removed', i, end, '');
      i = end;
      ws = i;
    } else if (isSpecialWs(c)) {
      let end = i + 1;
      while (end < n && isSpecialWs(text.charCodeAt(end))) end++;
      if (log) record(ctx, 'special_whitespace', i, end, ' '.repeat(end - i));
      i = end;
      ws = i;
    } else break;
  }
  ctx.wsStart = ws;
  ctx.wsEnd = i;
  ctx.i = i;
}

/** Which repair names a string's single intervention, most visible first. */
const STRING_RULE_ORDER: readonly JsonCode[] = [
  'string_concatenation', 'triple_quoted_string', 'single_quoted_string', 'curly_quoted_string', 'backtick_quoted_string',
  'missing_opening_quote', 'missing_closing_quote', 'unescaped_quote_escaped', 'invalid_escape', 'control_character_escaped',
];
const DELIMITER_RULES: ReadonlySet<string> = new Set(['triple_quoted_string', 'single_quoted_string', 'curly_quoted_string', 'backtick_quoted_string']);

/**
 * Makes the edits recorded since `mark` inside the string literal starting at
 * `start` (and ending at `ctx.i`) one intervention spanning the whole string:
 * a reader sees one repaired string, not one record per quote character. A
 * single edit that is not a delimiter keeps its exact span; a truncation close
 * (`synthesized`) stays its own record, so a profile can still refuse it.
 *
 * @example
 * // "'ab'" → one single_quoted_string, span [0, 4), before "'ab'", after '"ab"'
 */
export function groupStringEdits(ctx: RepairContext, mark: number, start: number): void {
  // Most strings need no repair: nothing to group, and nothing to allocate for it.
  if (ctx.edits.length === mark) return;
  if (ctx.edits.length === mark + 2 && groupQuotePair(ctx, mark, start)) return;
  // One pass over the string's edits, no list of them but the two kept: a string with half a
  // million repairs (a cut-off answer full of bare quotes) copied its list four more times.
  const edits = ctx.edits;
  const grouped: Intervention[] = [];
  const kept: Intervention[] = [];
  /** Each grouped rule's count, in the order the rules first occur. */
  const counts = new Map<string, number>();
  for (let k = mark; k < edits.length; k++) {
    const e = edits[k]!;
    if (e.category === 'synthesized') kept.push(e);
    else {
      grouped.push(e);
      counts.set(e.rule, (counts.get(e.rule) ?? 0) + 1);
    }
  }
  if (grouped.length === 0 || (grouped.length === 1 && !DELIMITER_RULES.has(grouped[0]!.rule))) return;
  let end = ctx.i;
  for (const e of kept) end = Math.min(end, e.span![0]);
  for (const e of grouped) end = Math.max(end, e.span![1]);
  // Applied in place on the text's range: a string of many repairs copies no edit to shift its span.
  const after = applyEdits(ctx.text, sortEdits(grouped), start, end);
  if (after === undefined) return;
  const rule = STRING_RULE_ORDER.find((r) => counts.has(r)) ?? (grouped[0]!.rule as JsonCode);
  const same = counts.get(rule)!;
  counts.delete(rule);
  const info = codeInfo(rule);
  const inside = [...counts].map(([r, k]) => (k > 1 ? `${r} ×${k}` : r)).join(', ');
  // Removals inside a triple-quoted string are its dedent (see parseTripleQuoted).
  const dedented = (rule === 'triple_quoted_string' || rule === 'backtick_quoted_string') && grouped.some((e) => e.rule === rule && e.after === '');
  const message = info.message + (dedented ? ' Dedented the block (line break or info string after the opening quotes, shared indentation, blank last line).' : '') + (same > 1 && !DELIMITER_RULES.has(rule) ? ` ${same} of them in this string.` : '') + (inside === '' ? '' : ` Also in this string: ${inside}.`);
  if (ctx.edits.length > mark) ctx.edits.length = mark;
  const grouping: Intervention = { rule, stage: 'parse', category: info.category, message, span: [start, end], before: ctx.text.slice(start, end), after };
  if (counts.size > 0) grouping.also = [...counts.keys()] as JsonCode[];
  ctx.edits.push(grouping, ...kept);
}

/**
 * Records the closing quote a string read left unrecorded (`ctx.closeRule`): a string whose only
 * edits are its two quotes (`'ab'`) becomes one record without it (see groupClosedPair), and
 * every other string records it here, at the index `ctx.closeEdit` names, as if at once.
 */
export function recordClose(ctx: RepairContext): void {
  const rule = ctx.closeRule;
  if (rule === undefined) return;
  ctx.closeRule = undefined;
  record(ctx, rule, ctx.closePos, ctx.closePos + 1, '"');
}

/**
 * {@link groupQuotePair} for a string whose opening quote's edit (at `mark`, the last) is
 * followed by its closing quote not recorded yet (see recordClose): the same record, without
 * building the closing quote's edit only to drop it.
 */
export function groupClosedPair(ctx: RepairContext, mark: number, start: number): boolean {
  const at = ctx.closePos;
  // Its category is its rule's: groupPair requires the opening quote's rule, whose category it tests.
  if (!groupPair(ctx, mark, start, ctx.closeRule!, at, at + 1, '"', false)) return false;
  ctx.closeRule = undefined;
  return true;
}

/**
 * The common case of {@link groupStringEdits} without its general machinery: a string whose
 * only edits are its two replaced quotes (`'ab'`, curly quotes). Gives the same intervention;
 * false when the pair is anything else, for the general path to handle.
 */
function groupQuotePair(ctx: RepairContext, mark: number, start: number): boolean {
  const second = ctx.edits[mark + 1]!;
  const span = second.span!;
  if (!groupPair(ctx, mark, start, second.rule, span[0], span[1], second.after, second.category === 'synthesized')) return false;
  ctx.edits.pop();
  return true;
}

/** The pair test and grouping of groupQuotePair; the second edit given by its fields. */
function groupPair(ctx: RepairContext, mark: number, start: number, rule2: string, start2: number, end2: number, after2: string | undefined, synthesized2: boolean): boolean {
  const first = ctx.edits[mark]!;
  const rule = first.rule;
  // The delimiter rules but the triple quotes and backticks (a dedent may come with them).
  if (rule !== rule2 || (rule !== 'single_quoted_string' && rule !== 'curly_quoted_string')) return false;
  if (first.category === 'synthesized' || synthesized2) return false;
  const fs = first.span!;
  const swap = fs[0] > start2;
  const as0 = swap ? start2 : fs[0];
  const as1 = swap ? end2 : fs[1];
  const bs0 = swap ? fs[0] : start2;
  const bs1 = swap ? fs[1] : end2;
  if (as0 < start || as1 > bs0) return false;
  const end = Math.max(ctx.i, bs1);
  const { text } = ctx;
  const after = `${text.slice(start, as0)}${(swap ? after2 : first.after) ?? ''}${text.slice(as1, bs0)}${(swap ? first.after : after2) ?? ''}${text.slice(bs1, end)}`;
  // The first quote's record becomes the string's (same rule, category, message, and key order):
  // one object and one array per quoted string fewer than building a third record.
  first.span = [start, end];
  first.before = text.slice(start, end);
  first.after = after;
  return true;
}
