/**
 * Rule 4: several mapping keys on one line (`batch_number: 4 progress:
 * current: 4 total: 17`). The line is split into one key per line; a bare
 * whitelisted parent takes its whitelisted children as a nested block.
 *
 * Only keys the contract, the hints or the document itself (as a line-start
 * key) know are split off, and every value between them must be one token, so
 * prose such as `rationale: some rules: apply here` is left to rule 5.
 */
import type { YamlLine } from '../line-table.js';
import { lineStartKeys } from './line-start-keys.js';
import { hasKeyColon, LineRewriter, ownValue, type RepairContext, type RepairStep } from './repair-kit.js';
import { linesWithTwoColons } from './select-lines.js';
import { replaceLine, rewriteEntries } from './rewrite-lines.js';
import { INLINE_SEQUENCE_MESSAGE } from './repair-inline-sequence-parent.js';

const KEY_TOKEN = /^([A-Za-z_][\w-]*):$/;

interface Segment {
  key: string;
  value: string;
}

/** Splits `a: 1 b: c:` into segments, or null when the line is not a run of known keys. */
function segmentsOf(first: string, rest: string, known: (key: string) => boolean): Segment[] | null {
  if (/["'#{}[\]]/.test(rest)) return null;
  const words = rest.split(/[ \t]+/).filter((x) => x !== '');
  const segments: Segment[] = [];
  let key = first;
  let i = 0;
  for (;;) {
    const word = words[i];
    if (word !== undefined && !KEY_TOKEN.test(word)) {
      segments.push({ key, value: word });
      i++;
    } else segments.push({ key, value: '' });
    const next = words[i];
    if (next === undefined) break;
    const match = KEY_TOKEN.exec(next);
    if (match === null || !known(match[1]!)) return null;
    key = match[1]!;
    i++;
  }
  return segments.length >= 2 ? segments : null;
}

/**
 * @example
 * repairInlineKeys(toLines('batch_number: 4 progress: current: 4 total: 17'), ctx).lines.map((l) => l.text)
 * // ['batch_number: 4', 'progress:', '  current: 4', '  total: 17']
 */
export function repairInlineKeys(lines: readonly YamlLine[], context: RepairContext): RepairStep {
  const w = new LineRewriter('yaml_inline_keys_split', INLINE_SEQUENCE_MESSAGE);
  let docKeys: ReadonlySet<string> | null = null;
  const known = (key: string): boolean => {
    if (context.hints.knownKeys.has(key)) return true;
    docKeys ??= lineStartKeys(lines);
    return docKeys.has(key);
  };
  // A split needs the key's colon and a `key:` word's: lines with fewer are never read.
  return rewriteEntries(lines, w, (entry, i) => {
    // A second segment needs a `key:` word, whose colon ends a word: a cheap test before the regex and split.
    const segments = entry.key !== null && hasKeyColon(entry.value) && /^[^-"'|>[{&*!]/.test(entry.value) ? segmentsOf(entry.key, entry.value, known) : null;
    if (segments === null) return null;
    const line = lines[i]!;
    const texts: string[] = [];
    let parent: readonly string[] | undefined;
    let ok = true;
    segments.forEach((segment, k) => {
      const nested = parent !== undefined && parent.includes(segment.key);
      if (!nested) parent = undefined;
      const indent = ' '.repeat(entry.col + (nested ? 2 : 0));
      const head = k === 0 ? line.text.slice(0, entry.col) : indent;
      texts.push(`${head}${segment.key}:${segment.value === '' ? '' : ' ' + segment.value}`);
      if (segment.value === '' && k < segments.length - 1) {
        parent = nested ? undefined : ownValue(context.hints.nestedChildren, segment.key);
        // A bare key with inline content but no whitelist is ambiguous: leave the line alone.
        if (parent === undefined || !parent.includes(segments[k + 1]!.key)) ok = false;
      }
    });
    return ok ? replaceLine(i, texts) : null;
  }, 'unmasked', linesWithTwoColons);
}
