/**
 * Incomplete trailing entry recovery (output-normalization seed): when the
 * parser had to close a truncated output, the last entry of the list the text
 * was cut in is dropped, but only if the schema shows it is incomplete (a
 * required key is missing). Never runs on a complete output.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { SchemaModel } from '../contract/schema-model.js';
import type { ValuePath } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { excerpt, hasOwn, isPlainObject, replaceAt } from './value-tree.js';

interface SpineList {
  path: ValuePath;
  list: unknown[];
  element: SchemaModel;
}

/** Lists on the rightmost spine (where a truncated text ends), outermost first. */
function spineLists(value: unknown, model: SchemaModel): SpineList[] {
  const lists: SpineList[] = [];
  let node = value;
  let m = model;
  const path: ValuePath = [];
  for (let depth = 0; depth < 512; depth++) {
    if (Array.isArray(node)) {
      if (node.length === 0) break;
      const element = m.kind === 'array' ? m.element : ({ kind: 'unknown' } as const);
      lists.push({ path: [...path], list: node, element });
      path.push(node.length - 1);
      node = node[node.length - 1];
      m = element;
    } else if (isPlainObject(node)) {
      const keys = Object.keys(node);
      const last = keys[keys.length - 1];
      if (last === undefined) break;
      path.push(last);
      node = node[last];
      m = m.kind === 'object' ? (m.shape.get(last) ?? { kind: 'unknown' }) : m.kind === 'record' ? m.value : { kind: 'unknown' };
    } else break;
  }
  return lists;
}

function isIncomplete(entry: unknown, model: SchemaModel): boolean {
  if (model.kind !== 'object' || !isPlainObject(entry)) return false;
  for (const key of model.required) if (!hasOwn(entry, key)) return true;
  return false;
}

/**
 * Drops the incomplete last entry of a truncated list.
 *
 * @example
 * dropTruncatedEntry({ files: [{ path: 'a' }, {}] }, contract, { truncated: true }).value // { files: [{ path: 'a' }] }
 */
export function dropTruncatedEntry(value: unknown, contract: Contract<unknown>, options: NormalizeOptions = {}): NormalizeOutcome {
  if (options.truncated !== true) return { value, interventions: [] };
  const lists = spineLists(value, planFor(contract).model);
  for (let k = lists.length - 1; k >= 0; k--) {
    const { path, list, element } = lists[k]!;
    const last = list[list.length - 1];
    if (!isIncomplete(last, element)) continue;
    const index = list.length - 1;
    const message = `Dropped the incomplete last entry ${formatPath([...path, index])} of the truncated output.`;
    return {
      value: replaceAt(value, path, (node) => (node as unknown[]).slice(0, -1)),
      interventions: [normalizeChange('truncated_entry_dropped', 'dropped', message, [...path, index], excerpt(last), '')],
    };
  }
  return { value, interventions: [] };
}
