/**
 * Block mappings and sequences, including the compact forms agents write
 * (`- key: v` mappings inside sequences, `- - a` nested sequences, and a
 * sequence at the same indentation as its parent key). Every line that does
 * not fit the expected shape bails; the parent never guesses.
 */
import { FastYamlBail, fastYamlBail, fastYamlRefuse, opensUnreadNode } from './fast-yaml-bail.js';
import { commentStart, findImplicitKey, foundKey, isIndicator, isSequenceEntry, isSpaceOrEnd } from './find-implicit-key.js';
import { rememberPlainKey } from './known-keys.js';
import { pendingBase, pushPendingItem, takePendingItems } from './pending-items.js';
import { readBlockScalar } from './read-block-scalar.js';
import { readFlowCollection } from './read-flow-collection.js';
import { readQuotedScalar } from './read-quoted-scalar.js';
import { resolveCoreScalar } from './resolve-core-scalar.js';
import { defineOwnKey, refuseRepeatedKey } from './set-own-key.js';
import {
  expectLineEnd,
  FAST_YAML_MAX_DEPTH,
  HOLDS_KEY_INDICATOR,
  indentOf,
  nextContentLine,
  skipNonContentLines,
  trimSpacesEnd,
  type FastYamlState,
} from './yaml-lines.js';
import { codeAt } from '../../code-at.js';

/**
 * A scalar or flow collection starting at `at` on the cursor's line, with
 * nothing but a comment after it. A plain scalar may continue on following
 * lines indented deeper than `parentIndent` (folded with spaces and blank
 * lines as newlines); at the root (`parentIndent` -1) that would be prose, so
 * it is left to the caller to refuse. Leaves the cursor after the scalar.
 */
function readInlineScalar(st: FastYamlState, at: number, parentIndent: number): unknown {
  const li = st.line;
  const line = st.lines[li]!;
  st.line = li + 1;
  const c = line.charCodeAt(at);
  if (c === 0x5b || c === 0x7b) {
    const flow = unlessUnclosed(st, at, parentIndent, c === 0x5b ? ']' : '}', () => readFlowCollection(line, at, st.depth));
    expectLineEnd(line, flow.end);
    return flow.value;
  }
  if (c === 0x22 || c === 0x27) {
    const q = unlessUnclosed(st, at, parentIndent, line[at]!, () => readQuotedScalar(line, at));
    // After a key on its line, `"x": y` would be a compact nested mapping, an error in `yaml`
    // too (a trusted refusal); elsewhere a `:` may make the quoted scalar a key `yaml` accepts.
    expectLineEnd(line, q.end, 'line_trailing_content', valueOfKeyOnLine(line, at) ? 'nested_mapping' : 'line_trailing_colon');
    return q.value;
  }
  if (isIndicator(c)) {
    // `@` and a backtick are reserved: `yaml` refuses a one-line value in a collection opening
    // with one (a root scalar may run on as a key), a trusted refusal (YAML_REJECTS).
    if ((c === 0x40 || c === 0x60) && parentIndent >= 0 && singleLineValue(st, line, at, parentIndent)) fastYamlBail('reserved_indicator');
    const dashLike = c === 0x2d || c === 0x3f || c === 0x3a;
    if (!dashLike || isSpaceOrEnd(line, at + 1)) fastYamlBail(c === 0x26 ? 'anchor' : c === 0x2a ? 'alias' : c === 0x21 ? 'tag' : 'indicator');
  }
  const hash = commentStart(line, at, st.hashAt[li]!);
  const raw = trimSpacesEnd(line, at, hash === -1 ? line.length : hash);
  // `a: b: c` and `a: b:` are nested implicit keys, errors in `yaml`. Either needs a key
  // indicator from `at` on: most values have none past their key's.
  if (st.lastColonAt[li]! >= at && (raw.includes(': ') || raw.charCodeAt(raw.length - 1) === 0x3a)) fastYamlBail('nested_mapping');
  // A comment ends a plain scalar; a deeper line after it is an error the parent bails on.
  if (hash !== -1 || parentIndent < 0) return resolveCoreScalar(raw);
  return resolveCoreScalar(foldPlainContinuation(st, raw, parentIndent));
}

/** True when the node at `at` is the value of a `key:` earlier on its own line. */
function valueOfKeyOnLine(line: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && line.charCodeAt(i) === 0x20) i -= 1;
  return i >= 0 && line.charCodeAt(i) === 0x3a && i + 1 < at;
}

/** True when the value at `at` holds no key indicator and no deeper line follows to continue it. */
function singleLineValue(st: FastYamlState, line: string, at: number, parentIndent: number): boolean {
  if (HOLDS_KEY_INDICATOR.test(line.slice(at))) return false;
  const next = skipNonContentLines(st, st.line);
  return next === st.lines.length || st.indents[next]! <= parentIndent;
}

/**
 * Reads a flow collection or quoted scalar opening at `at` on the line before the cursor.
 * When it runs past its line (a bail the fast loader leaves to `yaml`) and `closer` appears
 * nowhere in the lines it may continue on — up to and including the first content line not
 * indented past `parentIndent`, where `yaml` requires it closed — it never closes: an error
 * in `yaml` too, so the bail becomes the trusted refusal `unclosed_node` (YAML_REJECTS).
 */
function unlessUnclosed<T>(st: FastYamlState, at: number, parentIndent: number, closer: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FastYamlBail && (error.reason === 'multiline_flow' || error.reason === 'multiline_quoted') && !closesWithin(st.lines, st.line - 1, at, parentIndent, closer)) {
      fastYamlBail('unclosed_node');
    }
    throw error;
  }
}

/** True when `closer` follows `at` on line `from`, or on a later line before the node must have closed. */
function closesWithin(lines: readonly string[], from: number, at: number, parentIndent: number, closer: string): boolean {
  if (lines[from]!.indexOf(closer, at + 1) !== -1) return true;
  for (let i = from + 1; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.includes(closer)) return true;
    // Blank and comment lines never end the node's room (a comment may sit at column 0).
    const content = l.trim();
    if (content === '' || content.startsWith('#')) continue;
    if (indentOf(l) <= parentIndent) return false;
  }
  return false;
}

/** Appends the continuation lines of a multi-line plain scalar, folding as YAML does. */
function foldPlainContinuation(st: FastYamlState, first: string, parentIndent: number): string {
  const { lines, indents } = st;
  let text = first;
  let emptyLines = 0;
  let i = st.line;
  for (; i < lines.length; i += 1) {
    const l = lines[i]!;
    const ind = indents[i]!;
    if (ind === l.length) {
      emptyLines += 1;
      continue;
    }
    if (ind <= parentIndent || l.charCodeAt(ind) === 0x23) break;
    if (l.includes('\t')) fastYamlBail('tab');
    const content = trimSpacesEnd(l, ind, l.length);
    // Comments and indicators inside continuation lines are where YAML readers disagree most;
    // leave them to `yaml`, but for a dash: `yaml` reads a deeper `- No` after `- Yes` as the
    // plain text `Yes - No`, as the spec says (a sequence item drifted one column right, a
    // common agent slip). A plain line holding a key indicator makes the scalar a multi-line
    // implicit key, which `yaml` refuses too.
    const first = content.charCodeAt(0);
    if ((first !== 0x2d && isIndicator(first)) || content.includes(' #')) fastYamlBail('plain_continuation');
    if (content.includes(': ') || content.endsWith(':')) fastYamlBail('plain_continuation_key');
    text += emptyLines === 0 ? ' ' + content : '\n'.repeat(emptyLines) + content;
    emptyLines = 0;
    st.line = i + 1;
  }
  return text;
}

/** A node starting on the cursor's line at column `col` (its indentation, or past `- ` in compact forms). */
function readBlockNodeAt(st: FastYamlState, col: number, parentIndent: number): unknown {
  const line = st.lines[st.line]!;
  if (isSequenceEntry(line, col)) return readSequence(st, col);
  const key = findImplicitKey(st, st.line, col);
  if (key !== undefined) return readMapping(st, col, key, foundKey.valueAt, foundKey.isNew);
  const c = line.charCodeAt(col);
  if (c === 0x7c || c === 0x3e) fastYamlBail('block_scalar_node');
  return readInlineScalar(st, col, parentIndent);
}

/** The value of an entry with nothing after its indicator: a more-indented node, a same-indent sequence under a key, or null. */
function readIndentedValue(st: FastYamlState, indent: number, underKey: boolean): unknown {
  const { lines } = st;
  const li = nextContentLine(st, st.line);
  if (li === lines.length) return null;
  const line = lines[li]!;
  const ind = st.indents[li]!;
  if (ind > indent) {
    st.line = li;
    return readBlockNodeAt(st, ind, indent);
  }
  if (underKey && ind === indent && isSequenceEntry(line, ind)) {
    st.line = li;
    return readSequence(st, ind);
  }
  return null;
}

/** The value after `key:` (underKey) or `-` at `at` on the cursor's line, in a collection indented `indent`. */
function readEntryValue(st: FastYamlState, at: number, indent: number, underKey: boolean): unknown {
  const line = st.lines[st.line]!;
  let p = at;
  while (codeAt(line, p) === 0x20) p += 1;
  if (p === line.length || line.charCodeAt(p) === 0x23) {
    st.line += 1;
    return readIndentedValue(st, indent, underKey);
  }
  const c = line.charCodeAt(p);
  if (c === 0x7c || c === 0x3e) return readBlockScalar(st, line, p, indent);
  if (underKey) {
    if (isSequenceEntry(line, p)) fastYamlBail('sequence_after_key');
  } else {
    // A compact node after `- `: the key found here is the mapping's first, not looked up again.
    if (isSequenceEntry(line, p)) return readSequence(st, p);
    const key = findImplicitKey(st, st.line, p);
    if (key !== undefined) return readMapping(st, p, key, foundKey.valueAt, foundKey.isNew);
  }
  return readInlineScalar(st, p, indent);
}

function enter(st: FastYamlState): void {
  st.depth += 1;
  if (st.depth > FAST_YAML_MAX_DEPTH) fastYamlBail('too_deep');
}

/**
 * Why a line deeper than its collection stops the fast load: `bad_indent` (an error in `yaml`
 * too, see YAML_REJECTS) unless the line opens with an indicator through which `yaml` may
 * still read it (an explicit `: ` value, a `?` key, a flow collection, a node property).
 */
function deeperLineReason(line: string, at: number): string {
  return opensUnreadNode(line.charCodeAt(at)) ? 'deeper_indicator_line' : 'bad_indent';
}

/**
 * A line deeper than its mapping where a key is due (see deeperLineReason). Right after a
 * block sequence's plain entry at its own column (`- a` then `-b`, a dash missing its space),
 * it is plain text where the sequence ended: `yaml` then says that the mapping's items must
 * start at one column, at the line's start, its first error.
 */
function refuseDeeperKeyLine(lines: readonly string[], at: number, ind: number): never {
  const line = lines[at]!;
  // Right after it: a blank or comment line between moves `yaml`'s error onto that line.
  if (opensPlainText(line, ind) && at > 0 && isPlainEntry(lines[at - 1]!, ind)) {
    fastYamlRefuse('bad_indent', 'All mapping items must start at the same column', at);
  }
  fastYamlBail(deeperLineReason(line, ind));
}

/** Plain text from `at` to the line's end: no indicator first (but `-b`), no `:`, no comment. */
function opensPlainText(line: string, at: number): boolean {
  if (at >= line.length || line.includes(':') || line.includes(' #')) return false;
  const c = line.charCodeAt(at);
  if (c !== 0x2d) return !isIndicator(c);
  const next = line.charCodeAt(at + 1);
  return at + 1 < line.length && next !== 0x20 && next !== 0x2d;
}

/** `- text` at column `at`, the text plain (`- The rate limiter …`). */
function isPlainEntry(line: string, at: number): boolean {
  return indentOf(line) === at && isSequenceEntry(line, at) && line.charCodeAt(at + 1) === 0x20 && opensPlainText(line, at + 2) && line.charCodeAt(at + 2) !== 0x2d;
}

/**
 * True when a line where a key is due may still be one for `yaml`: it opens with a node
 * property or indicator (`? k`, `[a]: 1`, `&x k: 1`, `!!str k: 1`, `*x : 1`), or its value
 * follows on a `: ` line (`k` then `  : v`). Otherwise the bail is `expected_key`, a refusal.
 */
function mayBeKeyLine(lines: readonly string[], at: number, indent: number): boolean {
  if (opensUnreadNode(lines[at]!.charCodeAt(indent))) return true;
  for (let next = at + 1; next < lines.length; next++) {
    const text = lines[next]!.trimStart();
    if (text === '' || text.startsWith('#')) continue;
    return text.startsWith(':');
  }
  return false;
}

/** True when every line after `at` is blank or a comment (read as text only: no line is judged here). */
function onlyCommentsAfter(lines: readonly string[], at: number): boolean {
  for (let i = at + 1; i < lines.length; i++) {
    const line = lines[i]!;
    let k = 0;
    while (line.charCodeAt(k) === 0x20 || line.charCodeAt(k) === 0x09) k++;
    // Only spaces and tabs make a line blank for YAML (not every space `trim` knows); line
    // breaks are gone (splitLines strips a CR before LF, and a lone CR bails the load).
    if (k < line.length && line.charCodeAt(k) !== 0x23) return false;
  }
  return true;
}

/**
 * A line where a key is due holds none. `expected_key_node` when `yaml` may still read a key
 * there (see mayBeKeyLine); else `expected_key`, a refusal, worded as `yaml` words it when
 * the line is a plain scalar ending the text (a truncated `answer_typ`): `yaml` then
 * reports a key with no value there, its first error.
 */
function refuseKeylessLine(lines: readonly string[], at: number, indent: number): never {
  if (mayBeKeyLine(lines, at, indent)) fastYamlBail('expected_key_node');
  const line = lines[at]!;
  // A plain scalar (no indicator first, not even `-`) on the last content line: with a line
  // after it, `yaml` may read both as one multi-line key and word its refusal otherwise.
  if (line.charCodeAt(indent) !== 0x2d && opensPlainText(line, indent) && onlyCommentsAfter(lines, at)) {
    fastYamlRefuse('expected_key', 'Implicit map keys need to be followed by map values', at);
  }
  fastYamlBail('expected_key');
}

/**
 * A block mapping whose first key starts at column `indent` of the cursor's line: `firstKey`,
 * its value at `firstValueAt`, `firstIsNew` its `foundKey.isNew` (the caller found it to tell a
 * mapping from a scalar).
 */
function readMapping(st: FastYamlState, indent: number, firstKey: string, firstValueAt: number, firstIsNew: boolean): Record<string, unknown> {
  enter(st);
  const { lines } = st;
  const map: Record<string, unknown> = {};
  let key: string | undefined = firstKey;
  let valueAt = firstValueAt;
  let isNew = firstIsNew;
  for (;;) {
    refuseRepeatedKey(map, key, st.line);
    defineOwnKey(map, key, readEntryValue(st, valueAt, indent, true));
    if (isNew) rememberPlainKey(key);
    const li = nextContentLine(st, st.line);
    if (li === lines.length) break;
    const ind = st.indents[li]!;
    if (ind < indent) break;
    if (ind > indent) refuseDeeperKeyLine(lines, li, ind);
    st.line = li;
    key = findImplicitKey(st, li, indent);
    if (key === undefined) refuseKeylessLine(lines, li, indent);
    valueAt = foundKey.valueAt;
    isNew = foundKey.isNew;
  }
  st.depth -= 1;
  return map;
}

/** A block sequence whose first `-` is at column `indent` of the cursor's line. */
function readSequence(st: FastYamlState, indent: number): unknown[] {
  enter(st);
  const { lines } = st;
  const base = pendingBase();
  for (let first = true; ; first = false) {
    if (!first) {
      const li = nextContentLine(st, st.line);
      if (li === lines.length) break;
      const line = lines[li]!;
      const ind = st.indents[li]!;
      if (ind < indent) break;
      if (ind > indent) fastYamlBail(deeperLineReason(line, ind));
      // A key at this indentation closes a sequence nested under a key at the same indentation.
      if (!isSequenceEntry(line, ind)) break;
      st.line = li;
    }
    pushPendingItem(readEntryValue(st, indent + 1, indent, false));
  }
  st.depth -= 1;
  return takePendingItems(base);
}

/**
 * Reads the document's root node, whose first line is the cursor's line.
 *
 * @example
 * readBlockNode(splitLines('a: 1')) // { a: 1 }
 */
export function readBlockNode(st: FastYamlState): unknown {
  return readBlockNodeAt(st, st.indents[st.line]!, -1);
}
