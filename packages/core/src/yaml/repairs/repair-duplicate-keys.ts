/**
 * Rule 11: the same key twice in one mapping with exactly the same text (one
 * line, or a whole nested block such as a repeated `options:` list). The
 * duplicate is dropped and recorded with its text; duplicates whose values
 * differ are ambiguous and left for the parser to report.
 */
import type { YamlLine } from '../line-table.js';
import { indentOf, isBlank, isComment } from '../line-table.js';
import { blockScalarMask } from '../block-scalar-mask.js';
import { keyName, readEntry } from '../yaml-entry.js';
import { LineRewriter, type RepairStep } from './repair-kit.js';

/** The warning names the key. */
export function duplicateKeyMessage(key: string): string {
  return `Removed exact duplicate YAML key "${key}" before parsing.`;
}

interface Scope {
  col: number;
  /** Key → line index of its first occurrence. */
  keys: Map<string, number>;
}

/** Index after the block a key at `col` opens on line `i` (its deeper lines). */
function blockEnd(lines: readonly YamlLine[], i: number, col: number): number {
  let end = i + 1;
  for (let j = i + 1; j < lines.length; j++) {
    const text = lines[j]!.text;
    if (isBlank(text)) continue;
    if (indentOf(text) <= col) break;
    end = j + 1;
  }
  return end;
}

function blockText(lines: readonly YamlLine[], i: number, end: number, col: number): string {
  return [lines[i]!.text.slice(col), ...lines.slice(i + 1, end).map((l) => l.text)].join('\n');
}

/**
 * @example
 * repairDuplicateKeys(toLines('a: 1\na: 1'), ctx).lines.map((l) => l.text) // ['a: 1']
 */
export function repairDuplicateKeys(lines: readonly YamlLine[]): RepairStep {
  const w = new LineRewriter('yaml_duplicate_key_removed', '', 'dropped');
  const mask = blockScalarMask(lines);
  const scopes: Scope[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const text = line.text;
    if (mask[i] || isBlank(text) || isComment(text)) {
      w.keep(line);
      continue;
    }
    const entry = readEntry(text);
    const boundary = entry.dash ? entry.indent : entry.col;
    while (scopes.length > 0 && (scopes[scopes.length - 1]!.col > boundary || (entry.dash && scopes[scopes.length - 1]!.col === boundary))) scopes.pop();
    if (entry.key === null) {
      w.keep(line);
      continue;
    }
    let scope = scopes[scopes.length - 1];
    if (entry.dash || scope === undefined || scope.col !== entry.col) {
      scope = { col: entry.col, keys: new Map() };
      scopes.push(scope);
    }
    const name = keyName(entry.key);
    const first = scope.keys.get(name);
    if (first === undefined) {
      scope.keys.set(name, i);
      w.keep(line);
      continue;
    }
    const end = blockEnd(lines, i, entry.col);
    const firstEnd = blockEnd(lines, first, entry.col);
    if (blockText(lines, i, end, entry.col) !== blockText(lines, first, firstEnd, entry.col)) {
      w.keep(line);
      continue;
    }
    w.replace(lines.slice(i, end), [], duplicateKeyMessage(name));
    i = end - 1;
  }
  return w.result(lines);
}
