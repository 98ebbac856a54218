/**
 * Record keys written loosely (output-normalization seed, vote scorecards):
 * `draft1`, `Draft 01`, `draft 2` become the contract's label format
 * `Draft {n}`. Keys compare like aliases (case and symbols ignored). A key
 * whose canonical label is already taken stays as it is, for validation.
 */
import type { Contract } from '../contract/contract.js';
import { normKey, planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import { compileIdTemplate, type IdTemplate } from './compile-id-template.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { isPlainObject, objectFrom } from './value-tree.js';
import { walkPatternRules } from './walk-value.js';

interface LabelFormat {
  readonly loose: RegExp;
  readonly template: IdTemplate;
}

const formats = new Map<string, LabelFormat>();

function labelFormat(format: string): LabelFormat {
  let compiled = formats.get(format);
  if (compiled === undefined) {
    const [prefix = '', suffix = ''] = format.split(/\{n(?::\d{1,2})?\}/);
    compiled = { loose: new RegExp(`^${normKey(prefix)}0*(\\d{1,9})${normKey(suffix)}$`), template: compileIdTemplate(format) };
    formats.set(format, compiled);
  }
  return compiled;
}

/**
 * The canonical label of a key, or undefined when it does not fit the format.
 *
 * @example
 * canonicalLabel('draft 02', 'Draft {n}') // 'Draft 2'
 */
export function canonicalLabel(key: string, format: string): string | undefined {
  const { loose, template } = labelFormat(format);
  const match = loose.exec(normKey(key));
  return match === null ? undefined : template.format(Number(match[1]), 1);
}

/**
 * Rewrites the keys of the contract's labeled records to their format.
 *
 * @example
 * normalizeRecordKeys({ draft_scores: { draft1: {} } }, contract).value // { draft_scores: { 'Draft 1': {} } }
 */
export function normalizeRecordKeys(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const interventions: Intervention[] = [];
  const out = walkPatternRules(value, planFor(contract), 'recordKeys', 'pre', (node, format, { path }) => {
    if (!isPlainObject(node)) return node;
    let changed = false;
    const taken = new Set(Object.keys(node));
    const entries = Object.keys(node).map((key): [string, unknown] => {
      const label = canonicalLabel(key, format);
      if (label === undefined || label === key || taken.has(label)) return [key, node[key]];
      changed = true;
      taken.add(label);
      const message = `Normalized label "${key}" at ${formatPath(path)} to "${label}".`;
      interventions.push(normalizeChange('record_key_normalized', 'cleanup', message, [...path, label], JSON.stringify(key), JSON.stringify(label)));
      return [label, node[key]];
    });
    return changed ? objectFrom(entries) : node;
  });
  return { value: out, interventions };
}
