/**
 * Id normalization (output-normalization seed): per declared list, loosely
 * written ids are rewritten to the format (`q1` → `Q01`), repeated ids are
 * renumbered (next number above the list's maximum, or a -2/-3 suffix), and
 * missing ids are filled from the list position. Present ids keep priority:
 * a fill never takes an id the model emitted.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { IdStrategy } from '../contract/normalization-spec.js';
import type { SchemaModel } from '../contract/schema-model.js';
import type { Intervention, ValuePath } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import { compileIdTemplate, type IdTemplate } from './compile-id-template.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { copyObject, excerpt, getOwn, isPlainObject, setOwn, type PlainObject } from './value-tree.js';
import { walkScope, walkValue } from './walk-value.js';

const IDS_SCOPE = walkScope((at, plan) => plan.ids.has(at.pattern), (at, plan) => plan.prefixes.ids.has(at.pattern));

const templates = new Map<string, IdTemplate>();

function templateOf(format: string): IdTemplate {
  let template = templates.get(format);
  if (template === undefined) templates.set(format, (template = compileIdTemplate(format)));
  return template;
}

function isMissing(id: unknown): boolean {
  return id === undefined || id === null || id === '';
}

/** Only strings and numbers are ids; anything else is left for validation. */
function isId(id: unknown): id is string | number {
  return (typeof id === 'string' && id !== '') || typeof id === 'number';
}

/** 1-based position of the enclosing list item, for `{i}`. */
function parentPosition(path: ValuePath): number {
  for (let k = path.length - 1; k >= 0; k--) {
    const segment = path[k];
    if (typeof segment === 'number') return segment + 1;
  }
  return 1;
}

interface ListState {
  taken: Set<string>;
  max: number;
}

function nextFree(state: ListState, template: IdTemplate, i: number, start: number): [string, number] {
  let n = start;
  while (state.taken.has(template.format(n, i))) n = Math.max(n, state.max) + 1;
  state.max = Math.max(state.max, n);
  return [template.format(n, i), n];
}

function normalizeList(list: unknown[], path: ValuePath, element: SchemaModel, strategy: IdStrategy, changes: Intervention[]): unknown[] {
  const key = strategy.key ?? 'id';
  const template = templateOf(strategy.format);
  const mode = strategy.duplicates ?? (template.hasN ? 'next' : 'suffix');
  const numeric = element.kind === 'object' && element.shape.get(key)?.kind === 'number';
  const i = parentPosition(path);
  const ids: unknown[] = list.map((entry) => (isPlainObject(entry) ? getOwn(entry, key) : undefined));
  const where = (index: number): ValuePath => [...path, index, key];

  if (strategy.normalize !== false) {
    ids.forEach((id, index) => {
      if (!isId(id)) return;
      const parsed = template.parse(id);
      if (parsed === null) return;
      const canonical = template.format(parsed.n, parsed.i ?? i);
      if (String(id) === canonical && typeof id === (numeric ? 'number' : 'string')) return;
      ids[index] = canonical;
      changes.push(normalizeChange('id_normalized', 'cleanup', `Normalized id ${excerpt(id)} at ${formatPath([...path, index])} to "${canonical}".`, where(index), excerpt(id), excerpt(canonical)));
    });
  }

  const state: ListState = { taken: new Set(ids.filter(isId).map(String)), max: 0 };
  for (const id of ids) state.max = Math.max(state.max, template.parse(id)?.n ?? 0);
  const seen = new Set<string>();
  // Next suffix to try per id, so many repeats of one id stay linear.
  const suffixes = new Map<string, number>();
  ids.forEach((id, index) => {
    if (!isId(id)) return;
    const text = String(id);
    if (!seen.has(text)) return void seen.add(text);
    const parsed = mode === 'next' ? template.parse(id) : null;
    let renamed: string;
    if (parsed !== null) renamed = nextFree(state, template, parsed.i ?? i, state.max + 1)[0];
    else {
      let k = suffixes.get(text) ?? 2;
      while (state.taken.has(`${text}-${k}`)) k++;
      suffixes.set(text, k + 1);
      renamed = `${text}-${k}`;
    }
    state.taken.add(renamed);
    seen.add(renamed);
    ids[index] = renamed;
    changes.push(normalizeChange('id_renumbered', 'cleanup', `Renumbered duplicate id "${text}" at ${formatPath([...path, index])} to "${renamed}".`, where(index), excerpt(id), excerpt(renamed)));
  });

  if (strategy.fill !== false && template.hasN) {
    ids.forEach((id, index) => {
      if (!isMissing(id) || !isPlainObject(list[index])) return;
      const [filled] = nextFree(state, template, i, index + 1);
      state.taken.add(filled);
      ids[index] = filled;
      changes.push(normalizeChange('id_filled', 'cleanup', `Filled missing id at ${formatPath([...path, index])} with "${filled}" from list position.`, where(index), id === undefined ? '' : excerpt(id), excerpt(filled)));
    });
  }

  let out: unknown[] | null = null;
  list.forEach((entry, index) => {
    if (!isPlainObject(entry)) return;
    const before = getOwn(entry, key);
    const after = numeric && typeof ids[index] === 'string' && /^\d+$/.test(ids[index] as string) ? Number(ids[index]) : ids[index];
    if (after === before || (after === undefined && isMissing(before))) return;
    const copy: PlainObject = copyObject(entry);
    setOwn(copy, key, after);
    (out ??= list.slice())[index] = copy;
  });
  return out ?? list;
}

/**
 * Normalizes, de-duplicates and fills the ids of the contract's declared lists.
 *
 * @example
 * normalizeIds({ questions: [{ id: 'q1' }, { id: 'Q01' }, {}] }, contract).value
 * // { questions: [{ id: 'Q01' }, { id: 'Q02' }, { id: 'Q03' }] }
 */
export function normalizeIds(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const plan = planFor(contract);
  if (plan.ids.size === 0) return { value, interventions: [] };
  const interventions: Intervention[] = [];
  const out = walkValue(value, plan, (node, location) => {
    const strategy = plan.ids.get(location.pattern);
    if (strategy === undefined || !Array.isArray(node)) return node;
    const { model } = location;
    return normalizeList(node, location.path, model.kind === 'array' ? model.element : model, strategy, interventions);
  }, 'pre', IDS_SCOPE);
  return { value: out, interventions };
}
