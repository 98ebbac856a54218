/**
 * Rule 6: an item of a configured structured list starts with a bare scalar
 * and continues with fields (`beads:` `- config-parser` `  title: …`). The
 * scalar moves into the list's primary key. Lists without a configured key —
 * scalar-only lists such as `patterns` or `tests` — are never touched.
 */
import type { YamlLine } from '../line-table.js';
import { indentOf, nextContentLine } from '../line-table.js';
import { isPlainValue, keyName, entryAt } from '../yaml-entry.js';
import { listParentKey } from './list-parent-key.js';
import { LineRewriter, mayMentionAny, ownValue, unchanged, type RepairContext, type RepairStep } from './repair-kit.js';
import { replaceLine, rewriteEntries } from './rewrite-lines.js';

const QUOTED = /^(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*')$/;

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
  // Only an item under a configured list fires, and the list's key name is a substring of its line.
  if (!mayMentionAny(lines, Object.getOwnPropertyNames(context.hints.listPrimaryKeys))) return unchanged(lines);
  const w = new LineRewriter('yaml_list_primary_key', '');
  return rewriteEntries(lines, w, (entry, i) => {
    if (!entry.dash || entry.value === '') return null;
    // A complete quoted scalar (`- "src/app.ts"`) is as bare an item as a plain one.
    const quoted = QUOTED.test(entry.value);
    if (!isPlainValue(entry.value) && !quoted) return null;
    const parent = listParentKey(lines, i, entry.indent);
    const primaryKey = parent === null ? undefined : ownValue(context.hints.listPrimaryKeys, parent);
    if (parent === null || primaryKey === undefined) return null;
    const line = lines[i]!;
    const pad = line.text.slice(0, entry.col);
    const fieldPad = ' '.repeat(entry.col);
    // Same-line form: `- config-parser title: Parser`.
    const inline = entry.key === null ? null : /^(\S+) ([A-Za-z_][\w-]*)$/.exec(keyName(entry.key));
    if (inline !== null && context.hints.knownKeys.has(inline[2]!) && !inline[1]!.endsWith(':')) {
      const scalar = inline[1]!;
      return replaceLine(i, [`${pad}${primaryKey}: ${scalar}`, `${fieldPad}${inline[2]}: ${entry.value}`.trimEnd()], listPrimaryKeyMessage(parent, line.line + 1, scalar, primaryKey));
    }
    const j = nextContentLine(lines, i);
    const next = j < 0 ? null : entryAt(lines, j);
    const followedByField = next !== null && !next.dash && next.key !== null && indentOf(lines[j]!.text) > entry.indent;
    if (entry.key !== null || !followedByField || (!quoted && /:(?:\s|$)/.test(entry.value))) return null;
    const scalar = quoted ? entry.value.slice(1, -1) : entry.value;
    return replaceLine(i, [`${pad}${primaryKey}: ${entry.value}`], listPrimaryKeyMessage(parent, line.line + 1, scalar, primaryKey));
  });
}
