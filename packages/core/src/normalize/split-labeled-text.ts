/**
 * Labeled free text where the contract expects an object of lists
 * (output-normalization seed): `Patterns: Use X Anti-patterns: Avoid Y`, or
 * the same with each label on its own line and `- item` lines under it,
 * becomes `{ patterns: ['Use X'], anti_patterns: ['Avoid Y'] }`. Text before
 * the first label has no list to go to, so such a value is left for validation.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { excerpt, objectFrom } from './value-tree.js';
import { walkPatternRules } from './walk-value.js';

type Sections = Readonly<Record<string, readonly string[]>>;

const labelPatterns = new WeakMap<Sections, { pattern: RegExp; keyOf: Map<string, string> }>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One regular expression over every label, longest first (`Anti-patterns` before `Patterns`). */
function labelPatternOf(sections: Sections): { pattern: RegExp; keyOf: Map<string, string> } {
  let compiled = labelPatterns.get(sections);
  if (compiled === undefined) {
    const keyOf = new Map<string, string>();
    for (const [key, labels] of Object.entries(sections)) for (const label of labels) keyOf.set(label.toLowerCase(), key);
    const alternatives = [...keyOf.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
    // A label starts the text or follows whitespace: "anti-patterns" never reads as "patterns".
    compiled = { pattern: new RegExp(`(?<![^\\s])(${alternatives.join('|')})[ \\t]*:`, 'giu'), keyOf };
    labelPatterns.set(sections, compiled);
  }
  return compiled;
}

/** Items of one section body: its `- item` lines, else the body as one item. */
function itemsOf(body: string): string[] {
  const lines = body.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  const bulleted = lines.filter((line) => /^[-*•]\s+/.test(line));
  if (bulleted.length > 0 && bulleted.length === lines.length) return bulleted.map((line) => line.replace(/^[-*•]\s+/, ''));
  const text = lines.join(' ').trim();
  return text === '' ? [] : [text];
}

/**
 * The object a labeled text stands for, or undefined when it has no label or text before the first one.
 *
 * @example
 * sectionText('Patterns: Use X Anti-patterns: Avoid Y', { patterns: ['Patterns'], anti_patterns: ['Anti-patterns'] })
 * // { patterns: ['Use X'], anti_patterns: ['Avoid Y'] }
 */
export function sectionText(text: string, sections: Sections): Record<string, string[]> | undefined {
  const { pattern, keyOf } = labelPatternOf(sections);
  const found = [...text.matchAll(pattern)];
  const first = found[0];
  if (first === undefined || text.slice(0, first.index).trim() !== '') return undefined;
  const lists = new Map<string, string[]>(Object.keys(sections).map((key) => [key, []]));
  found.forEach((match, k) => {
    const end = found[k + 1]?.index ?? text.length;
    const key = keyOf.get(match[1]!.toLowerCase())!;
    const list = lists.get(key)!;
    for (const item of itemsOf(text.slice(match.index + match[0].length, end))) list.push(item);
  });
  return objectFrom(lists) as Record<string, string[]>;
}

/**
 * Splits labeled free text into the lists the contract names.
 *
 * @example
 * splitLabeledText({ guidance: 'Patterns:\n- Use X\nAnti-patterns:\n- Avoid Y' }, contract).value
 * // { guidance: { patterns: ['Use X'], anti_patterns: ['Avoid Y'] } }
 */
export function splitLabeledText(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const interventions: Intervention[] = [];
  const out = walkPatternRules(value, planFor(contract), 'sections', 'pre', (node, sections, { path }) => {
    if (typeof node !== 'string') return node;
    const object = sectionText(node, sections);
    if (object === undefined) return node;
    const message = `Split the labeled text at ${formatPath(path)} into ${Object.keys(sections).join('/')} lists.`;
    interventions.push(normalizeChange('text_sectioned', 'cleanup', message, path, excerpt(node), excerpt(object)));
    return object;
  });
  return { value: out, interventions };
}
