/**
 * Lenient string lists (`strings: { place: { list: true } }`): agents write a
 * list of criteria as one bulleted block, or as items with stray blanks,
 * numbers or small objects. Read the way LoopTroop reads its string lists: a
 * multi-line string becomes its lines without their bullets, items are
 * trimmed, blanks dropped, scalars and objects turned into text. Runs before
 * the schema's coercion, which would wrap the whole block into one item.
 */
import { stringify } from 'yaml';
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { excerpt, isPlainObject } from './value-tree.js';
import { walkPatternRules } from './walk-value.js';

/** A list marker at the start of a line: `-`, `*`, `+`, `•`, `1.`, `1)`. */
const BULLET = /^\s*(?:[-*+•]|\d+[.)])\s+/;

/** The lines of a block, without bullets and blank lines. */
function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(BULLET, '').trim())
    .filter((line) => line !== '');
}

/** One item as text: trimmed strings, the text of scalars, the YAML of objects; undefined drops it. */
function itemText(item: unknown): string | undefined {
  if (typeof item === 'string') return item.trim() === '' ? undefined : item.trim();
  if (typeof item === 'number' || typeof item === 'boolean') return String(item);
  if (isPlainObject(item) || Array.isArray(item)) return stringify(item).trim();
  return undefined;
}

/**
 * Splits multi-line strings and cleans the items of the contract's string lists.
 *
 * @example
 * splitStringLists({ tests: '- renders\n- saves' }, contract).value // { tests: ['renders', 'saves'] }
 */
export function splitStringLists(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const interventions: Intervention[] = [];
  const out = walkPatternRules(value, planFor(contract), 'strings', 'pre', (node, shape, { path }) => {
    if (shape.list !== true) return node;
    if (typeof node === 'string' && /[\r\n]/.test(node.trim())) {
      const lines = linesOf(node);
      interventions.push(normalizeChange('string_list_split', 'cleanup', `Split the multi-line text of ${formatPath(path)} into a list of ${lines.length} items.`, path, excerpt(node), excerpt(lines)));
      return lines;
    }
    if (!Array.isArray(node) || node.every((item) => typeof item === 'string' && item === item.trim() && item !== '')) return node;
    const items: string[] = [];
    for (const item of node) {
      const text = itemText(item);
      if (text !== undefined) items.push(text);
    }
    interventions.push(normalizeChange('string_list_cleaned', 'cleanup', `Read the items of ${formatPath(path)} as trimmed text (blank items dropped).`, path, excerpt(node), excerpt(items)));
    return items;
  });
  return { value: out, interventions };
}
