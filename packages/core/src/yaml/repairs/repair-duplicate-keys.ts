/**
 * Rule 11: the same key twice in one mapping with exactly the same text (one
 * line, or a whole nested block such as a repeated `options:` list). The
 * duplicate is dropped and recorded with its text; duplicates whose values
 * differ are ambiguous and left for the parser to report.
 */
import type { YamlLine } from '../line-table.js';
import { keyName, type YamlEntry } from '../yaml-entry.js';
import { blockEnd, LineRewriter, type RepairStep } from './repair-kit.js';
import { rewriteEntries, type LineEdit } from './rewrite-lines.js';

/** The warning names the key. */
export function duplicateKeyMessage(key: string): string {
  return `Removed exact duplicate YAML key "${key}" before parsing.`;
}

/** The first occurrence of a key in a scope, and its block's text once a duplicate needed it. */
interface FirstKey {
  line: number;
  block: string | null;
}

interface Scope {
  col: number;
  keys: Map<string, FirstKey>;
}

function blockText(lines: readonly YamlLine[], i: number, end: number, col: number): string {
  return [lines[i]!.text.slice(col), ...lines.slice(i + 1, end).map((l) => l.text)].join('\n');
}

/** The drop of the key on line `i` when it repeats an earlier sibling to the letter, else null. */
function dropDuplicate(lines: readonly YamlLine[], scopes: Scope[], entry: YamlEntry, i: number): LineEdit | null {
  const boundary = entry.dash ? entry.indent : entry.col;
  while (scopes.length > 0 && (scopes[scopes.length - 1]!.col > boundary || (entry.dash && scopes[scopes.length - 1]!.col === boundary))) scopes.pop();
  if (entry.key === null) return null;
  let scope = scopes[scopes.length - 1];
  if (entry.dash || scope === undefined || scope.col !== entry.col) {
    scope = { col: entry.col, keys: new Map() };
    scopes.push(scope);
  }
  const name = keyName(entry.key);
  const first = scope.keys.get(name);
  if (first === undefined) {
    scope.keys.set(name, { line: i, block: null });
    return null;
  }
  // Linear time: blocks are read only when the key lines agree to the letter, and the first
  // block once (a thousand `a: 1` after a large `a:` block must not re-read it each time).
  if (lines[i]!.text.slice(entry.col) !== lines[first.line]!.text.slice(entry.col)) return null;
  first.block ??= blockText(lines, first.line, blockEnd(lines, first.line, entry.col), entry.col);
  const end = blockEnd(lines, i, entry.col);
  if (blockText(lines, i, end, entry.col) !== first.block) return null;
  return { end, texts: [], message: duplicateKeyMessage(name) };
}

/**
 * @example
 * repairDuplicateKeys(toLines('a: 1\na: 1'), ctx).lines.map((l) => l.text) // ['a: 1']
 */
export function repairDuplicateKeys(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_duplicate_key_removed', '', 'dropped');
  /** Open mappings, innermost last; the walk visits lines in order, so this state follows it. */
  const scopes: Scope[] = [];
  return rewriteEntries(lines, w, (entry, i) => dropDuplicate(lines, scopes, entry, i), 'content');
}
