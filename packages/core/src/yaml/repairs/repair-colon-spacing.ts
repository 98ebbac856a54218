/**
 * Rule 3: `artifact:interview`, `skipped:false`, `- id:Q01` — a simple key
 * with no space after its colon reads as one plain scalar. One space is
 * inserted. Block scalar bodies and one-letter keys (`C:\path`) are skipped.
 */
import { indentOf, nextContentLine, PerTable, prevContentLine, type YamlLine } from '../line-table.js';
import { entryAt } from '../yaml-entry.js';
import { LineRewriter, unchanged, type RepairStep } from './repair-kit.js';
import { insertSpace, replaceLine, rewriteLines } from './rewrite-lines.js';
import { codeAt } from '../../code-at.js';

export const COLON_SPACING_MESSAGE = 'Repaired YAML mapping keys missing a space after colon before parsing.';

/** Key of two or more identifier characters, a colon, then a value that is not `:`, `/`, `\` or space. */
const GLUED = /^( *(?:- +)?)([A-Za-z_][\w-]+):(?=[^\s:/\\])/;

/**
 * Cheap necessary condition for `GLUED` (and the glued-keys repair's `-key:x`): the colon
 * after the key is the line's first (indentation, dash and key hold none), at index 2 or more,
 * followed by a character that is not a space, tab, `:`, `/` or `\`.
 *
 * @example
 * mayGlueKey('  title: x') // false
 */
export function mayGlueKey(text: string): boolean {
  const p = text.indexOf(':');
  if (p < 2) return false;
  const c = codeAt(text, p + 1);
  return !(c < 0 || c === 32 || c === 9 || c === 58 || c === 47 || c === 92);
}

const GLUED_TABLES = new PerTable((lines) => lines.some((line) => mayGlueKey(line.text)));

/**
 * True when some line of the table may hold a glued key ({@link mayGlueKey}): with none, rule 3
 * and the glued-keys repair change nothing. Cached per table (tables are immutable).
 */
export function holdsGluedKey(lines: readonly YamlLine[]): boolean {
  return GLUED_TABLES.of(lines);
}

/** A mapping line at `indent` (a `key:` line, or a `- key:` entry when `dash`), with key `key` when given. */
function mappingLine(lines: readonly YamlLine[], j: number, indent: number, dash: boolean, key?: string): boolean {
  if (j < 0) return false;
  const e = entryAt(lines, j);
  return e.key !== null && e.dash === dash && e.indent === indent && (key === undefined || e.key === key);
}

/**
 * `- Word:a` in a list of scalars is a legal string: only lines that sit in a
 * mapping (a sibling key, or an entry whose item continues with keys) count.
 * A one-line entry needs a sibling entry with the same key (`- id:Q01` beside
 * `- id: Q02`): beside `- id: null`, `- true:a` is a string of a mixed list.
 */
function inMapping(lines: readonly YamlLine[], i: number, indent: number, dash: boolean, key: string): boolean {
  const prev = prevContentLine(lines, i);
  const next = nextContentLine(lines, i);
  if (!dash) return indent === 0 || mappingLine(lines, prev, indent, false) || mappingLine(lines, next, indent, false);
  const continues = next >= 0 && indentOf(lines[next]!.text) > indent && mappingLine(lines, next, indentOf(lines[next]!.text), false);
  return continues || mappingLine(lines, prev, indent, true, key) || mappingLine(lines, next, indent, true, key);
}

/**
 * @example
 * repairColonSpacing(toLines('- id:Q01'), ctx).lines[0].text // '- id: Q01'
 */
export function repairColonSpacing(lines: readonly YamlLine[]): RepairStep {
  if (!holdsGluedKey(lines)) return unchanged(lines);
  const w = new LineRewriter('yaml_colon_space_inserted', COLON_SPACING_MESSAGE);
  return rewriteLines(lines, w, (i) => {
    const text = lines[i]!.text;
    const match = mayGlueKey(text) ? GLUED.exec(text) : null;
    if (match === null) return null;
    const entry = entryAt(lines, i);
    return entry.key === null && inMapping(lines, i, entry.indent, entry.dash, match[2]!) ? replaceLine(i, [insertSpace(text, match[0].length)]) : null;
  });
}
