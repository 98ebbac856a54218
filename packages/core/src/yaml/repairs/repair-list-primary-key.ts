/**
 * Rule 6: an item of a configured structured list starts with a bare scalar
 * and continues with fields (`beads:` `- config-parser` `  title: …`). The
 * scalar moves into the list's primary key. Lists without a configured key —
 * scalar-only lists such as `patterns` or `tests` — are never touched.
 */
import type { YamlLine } from '../line-table.js';
import { blockScalarMask } from '../block-scalar-mask.js';
import { indentOf, nextContentLine } from '../line-table.js';
import { isPlainValue, keyName, readEntry } from '../yaml-entry.js';
import { listParentKey } from './list-parent-key.js';
import { LineRewriter, ownValue, type RepairContext, type RepairStep } from './repair-kit.js';

/** The seed's wording, with the parent key, line, emitted scalar and primary key. */
export function listPrimaryKeyMessage(parent: string, line: number, scalar: string, primaryKey: string): string {
  return `Repaired YAML sequence entry under "${parent}" at line ${line}: treated bare item "${scalar}" as ${primaryKey} before parsing.`;
}

/**
 * @example
 * repairListPrimaryKey(toLines('beads:\n  - config-parser\n    title: Parser'), ctx).lines[1].text
 * // '  - id: config-parser'
 */
export function repairListPrimaryKey(lines: readonly YamlLine[], context: RepairContext): RepairStep {
  const w = new LineRewriter('yaml_list_primary_key', '');
  const mask = blockScalarMask(lines);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const entry = mask[i] ? null : readEntry(line.text);
    if (entry == null || !entry.dash || entry.value === '' || !isPlainValue(entry.value)) {
      w.keep(line);
      continue;
    }
    const parent = listParentKey(lines, i, entry.indent);
    const primaryKey = parent === null ? undefined : ownValue(context.hints.listPrimaryKeys, parent);
    if (parent === null || primaryKey === undefined) {
      w.keep(line);
      continue;
    }
    const pad = line.text.slice(0, entry.col);
    const fieldPad = ' '.repeat(entry.col);
    // Same-line form: `- config-parser title: Parser`.
    const inline = entry.key === null ? null : /^(\S+) ([A-Za-z_][\w-]*)$/.exec(keyName(entry.key));
    if (inline !== null && context.hints.knownKeys.has(inline[2]!) && !inline[1]!.endsWith(':')) {
      const scalar = inline[1]!;
      w.replace([line], [`${pad}${primaryKey}: ${scalar}`, `${fieldPad}${inline[2]}: ${entry.value}`.trimEnd()], listPrimaryKeyMessage(parent, line.line + 1, scalar, primaryKey));
      continue;
    }
    const j = nextContentLine(lines, i);
    const next = j < 0 ? null : readEntry(lines[j]!.text);
    const followedByField = next !== null && !next.dash && next.key !== null && indentOf(lines[j]!.text) > entry.indent;
    if (entry.key !== null || !followedByField || /:(?:\s|$)/.test(entry.value)) {
      w.keep(line);
      continue;
    }
    w.replace([line], [`${pad}${primaryKey}: ${entry.value}`], listPrimaryKeyMessage(parent, line.line + 1, entry.value, primaryKey));
  }
  return w.result(lines);
}
