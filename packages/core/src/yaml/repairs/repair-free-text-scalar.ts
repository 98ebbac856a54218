/**
 * Rule 9: fragile `free_text:` values. One-line values that YAML would misread
 * are double-quoted; multi-line plain values and multi-line single-quoted values
 * become block literals holding the emitted text, and a block scalar whose body
 * sits at the key's own indentation is indented under it, in its own style. Answer metadata (`answered_by`,
 * `answered_at`) caught under the scalar moves back beside it; no text is
 * invented.
 */
import type { YamlLine } from '../line-table.js';
import { indentOf, isBlank } from '../line-table.js';
import { doubleQuote, isBlockIndicator, keyName, withValue, type YamlEntry } from '../yaml-entry.js';
import { LineRewriter, MAX_GATE_NAMES, mayMentionAny, unchanged, type RepairContext, type RepairStep } from './repair-kit.js';
import { rewriteEntries, type LineEdit } from './rewrite-lines.js';
import { linesHoldingAny } from './select-lines.js';

export const FREE_TEXT_MESSAGE = 'Repaired YAML free_text scalar formatting before parsing.';

const METADATA = /^ *(?:answered_by|answered_at):(?:[ \t]|$)/;
/** A sibling key at the scalar's own indentation ends a malformed body. */
const SIBLING_KEY = /^[a-z_][a-z0-9_]*:(?:[ \t]|$)/;
const FRAGILE_WORD = /^(?:true|false|yes|no|on|off|y|n|null|~|[-+]?(?:\d[\d_]*)?\.?\d+(?:[eE][-+]?\d+)?|0x[0-9a-fA-F]+|0o[0-7]+|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/i;

/** True for a one-line plain value YAML would read as something other than this text. */
function fragile(value: string): boolean {
  return FRAGILE_WORD.test(value) || /^[`@!&*%|>,[\]{}#]/.test(value) || /^[-?:](?:\s|$)/.test(value) || /:(?:\s|$)|\s#/.test(value);
}

/** End (exclusive) of a closed single-quoted token starting at 0, or -1. */
function singleQuoteEnd(text: string): number {
  for (let k = 1; k < text.length; k++) {
    if (text[k] !== "'") continue;
    if (text[k + 1] === "'") k++;
    else return k + 1;
  }
  return -1;
}

interface Body {
  /** Index after the last line taken. */
  end: number;
  /** Text lines of the scalar, indentation removed. */
  text: string[];
  /** Metadata lines found under the scalar. */
  metadata: string[];
}

/** Takes lines after `i` while `belongs` says so, setting metadata aside. */
function takeBody(lines: readonly YamlLine[], i: number, belongs: (text: string) => boolean): Body {
  const body: Body = { end: i + 1, text: [], metadata: [] };
  let pendingBlank = 0;
  for (let j = i + 1; j < lines.length; j++) {
    const text = lines[j]!.text;
    if (isBlank(text)) {
      pendingBlank++;
      continue;
    }
    if (!belongs(text)) break;
    for (; pendingBlank > 0; pendingBlank--) body.text.push('');
    if (METADATA.test(text)) body.metadata.push(text.trim());
    else body.text.push(text.trim());
    body.end = j + 1;
  }
  return body;
}

function literal(line: YamlLine, entry: YamlEntry, chomp: string, body: string[], metadata: string[], style = '|'): string[] {
  const pad = ' '.repeat(entry.col + 2);
  const keyPad = ' '.repeat(entry.col);
  return [withValue(line.text, entry, `${style}${chomp}`), ...body.map((t) => (t === '' ? '' : pad + t)), ...metadata.map((m) => keyPad + m)];
}

/** True when the next non-blank line after `j` sits at `col` or less (or there is none). */
function endsScalar(lines: readonly YamlLine[], j: number, col: number): boolean {
  for (let k = j + 1; k < lines.length; k++) if (!isBlank(lines[k]!.text)) return indentOf(lines[k]!.text) <= col;
  return true;
}

/** The rewrite of a free-text line and the index after the lines it consumed, or null. */
function repairOne(lines: readonly YamlLine[], i: number, entry: YamlEntry): LineEdit | null {
  const line = lines[i]!;
  const col = entry.col;
  const value = entry.value;
  if (isBlockIndicator(value)) {
    let next = i + 1;
    while (next < lines.length && isBlank(lines[next]!.text)) next++;
    if (next >= lines.length || indentOf(lines[next]!.text) > col) return null;
    const body = takeBody(lines, i, (t) => {
      const indent = indentOf(t);
      return indent > col || (indent === col && !SIBLING_KEY.test(t.slice(indent)) && !/^-(?:\s|$)/.test(t.slice(indent)));
    });
    if (body.text.length === 0) return null;
    const chomp = /[-+]/.exec(value)?.[0] ?? '';
    // The model's own style stays: a folded body (`>`) is still folded once indented.
    return { texts: literal(line, entry, chomp, body.text, body.metadata, value[0]!), end: body.end };
  }
  if (value.startsWith('"') || value === '') return null;
  if (value.startsWith("'")) {
    if (singleQuoteEnd(value) === value.length) return null;
    // The scalar ends on the first line that ends with a quote and is followed by a line at the
    // key's indentation or less: quotes inside it are the text's own (`the user's goal`).
    const parts = [value.slice(1)];
    for (let j = i; j < lines.length; j++) {
      const text = j === i ? value : lines[j]!.text.trim();
      if (j > i) {
        if (!isBlank(lines[j]!.text) && indentOf(lines[j]!.text) <= col) return null;
        parts.push(text);
      }
      if (text.endsWith("'") && (j > i || text.length > 1) && endsScalar(lines, j, col)) {
        parts[parts.length - 1] = parts[parts.length - 1]!.slice(0, -1);
        const body = parts.map((p) => p.trim().replace(/''/g, "'"));
        return { texts: literal(line, entry, '-', body, []), end: j + 1 };
      }
    }
    return null;
  }
  const body = takeBody(lines, i, (t) => indentOf(t) > col);
  if (body.text.length > 0) return { texts: literal(line, entry, '-', [value, ...body.text], body.metadata), end: body.end };
  if (body.metadata.length > 0) {
    return { texts: [withValue(line.text, entry, fragile(value) ? doubleQuote(value) : value), ...body.metadata.map((m) => ' '.repeat(col) + m)], end: body.end };
  }
  return fragile(value) ? { texts: [withValue(line.text, entry, doubleQuote(value))], end: i + 1 } : null;
}

/**
 * @example
 * repairFreeTextScalar(toLines('free_text: yes'), ctx).lines[0].text // 'free_text: "yes"'
 */
export function repairFreeTextScalar(lines: readonly YamlLine[], context: RepairContext): RepairStep {
  const w = new LineRewriter('yaml_free_text_scalar', FREE_TEXT_MESSAGE);
  const freeText = context.hints.freeTextKeys;
  // Only a free-text key fires, and its name (quotes stripped) is a substring of its line.
  const names = [...freeText];
  if (!mayMentionAny(lines, names)) return unchanged(lines);
  // The lines holding a name, found by one search per name, when the names are few (as the gate).
  const select = names.length > MAX_GATE_NAMES ? undefined : (table: readonly YamlLine[]) => linesHoldingAny(table, names);
  return rewriteEntries(lines, w, (entry, i) => (entry.key !== null && freeText.has(keyName(entry.key)) ? repairOne(lines, i, entry) : null), 'unmasked', select);
}
