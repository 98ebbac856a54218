/**
 * Per-contract YAML hints for the structural repairs. Core carries no artifact's
 * vocabulary: what a contract leaves out is derived from its schema (the children
 * of object-valued root fields) or left empty; the shipped contracts declare the
 * rest (list primary keys, wrapper keys) themselves.
 */
import type { Contract, YamlHints } from '../contract/contract.js';
import { schemaModel, type SchemaModel } from '../contract/schema-model.js';
import type { ResolvedYamlHints } from './repairs/repair-kit.js';

const NONE: Readonly<Record<string, never>> = {};

export const DEFAULT_FREE_TEXT_KEYS: readonly string[] = ['free_text'];

const nestedKeyCache = new WeakMap<object, readonly string[]>();

/**
 * Keys of the objects below the contract's root (list items, sections): the
 * contract's whitelist for several keys on one line of a list item
 * (`- id: Q01 phase: foundation`), where its root keys say nothing. Only a
 * list item's line uses it: elsewhere a nested key name inside prose
 * (`summary: Fix description: the bug`) is likelier text than a key.
 *
 * @example
 * nestedSchemaKeys({ schema: z.object({ questions: z.array(z.object({ id: z.string(), phase: z.string() })) }) }) // ['id', 'phase']
 */
export function nestedSchemaKeys(contract: Pick<Contract<unknown>, 'schema'>): readonly string[] {
  const schema = contract.schema as object;
  const cached = nestedKeyCache.get(schema);
  if (cached !== undefined) return cached;
  const keys = new Set<string>();
  const seen = new Set<SchemaModel>();
  const visit = (model: SchemaModel, depth: number, root: boolean): void => {
    if (depth > 32 || seen.has(model)) return;
    seen.add(model);
    if (model.kind === 'object') {
      for (const [key, child] of model.shape) {
        if (!root) keys.add(key);
        visit(child, depth + 1, false);
      }
    } else if (model.kind === 'array') visit(model.element, depth + 1, false);
    else if (model.kind === 'record') visit(model.value, depth + 1, false);
    else if (model.kind === 'union') for (const option of model.options) visit(option, depth + 1, root);
  };
  visit(schemaModel(contract.schema), 0, true);
  const out = [...keys];
  nestedKeyCache.set(schema, out);
  return out;
}

const childrenCache = new WeakMap<object, Readonly<Record<string, readonly string[]>>>();

/**
 * Root keys whose schema is an object, with that object's keys: the children that belong
 * nested under the parent when a model writes them at its level.
 *
 * @example
 * objectChildren({ schema: z.object({ progress: z.object({ current: z.number(), total: z.number() }) }) }) // { progress: ['current', 'total'] }
 */
export function objectChildren(contract: Pick<Contract<unknown>, 'schema'>): Readonly<Record<string, readonly string[]>> {
  const schema = contract.schema as object;
  const cached = childrenCache.get(schema);
  if (cached !== undefined) return cached;
  const out: Record<string, readonly string[]> = {};
  const root = schemaModel(contract.schema);
  if (root.kind === 'object') for (const [key, child] of root.shape) if (child.kind === 'object') out[key] = [...child.shape.keys()];
  childrenCache.set(schema, out);
  return out;
}

/**
 * The contract's nested children alone, without building the other hints: the strict parse
 * of every YAML output asks it (cached per schema by objectChildren).
 *
 * @example
 * contractNestedChildren(contract) // { progress: ['current', 'total'] }
 */
export function contractNestedChildren(contract: Contract<unknown> | undefined): Readonly<Record<string, readonly string[]>> {
  if (contract === undefined) return NONE;
  return contract.yamlHints.nestedChildren ?? objectChildren(contract);
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** A numbered label's word as the wrapper repair compares it: trimmed and lower-cased. */
const labelWord = (word: string): string => word.trim().toLowerCase();

/**
 * Runtime hints as given by a caller (`options.context.yaml`), read defensively: entries of
 * the wrong type are ignored. A list primary key may be written `{ primaryKey: 'id' }`.
 */
function runtimeHints(runtime: YamlHints): { nestedChildren: Record<string, string[]>; listPrimaryKeys: Record<string, string>; freeTextKeys: string[]; wrapperKeys: string[]; numberedLabels: string[] } {
  const nestedChildren: Record<string, string[]> = {};
  const listPrimaryKeys: Record<string, string> = {};
  const entries = (value: unknown): [string, unknown][] => (typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : []);
  for (const [parent, children] of entries(runtime.nestedChildren)) if (parent !== '__proto__') nestedChildren[parent] = strings(children);
  for (const [list, key] of entries(runtime.listPrimaryKeys)) {
    const primary = typeof key === 'string' ? key : (key as { primaryKey?: unknown } | null)?.primaryKey;
    if (typeof primary === 'string' && list !== '__proto__') listPrimaryKeys[list] = primary;
  }
  return { nestedChildren, listPrimaryKeys, freeTextKeys: strings(runtime.freeTextKeys), wrapperKeys: strings(runtime.wrapperKeys), numberedLabels: strings(runtime.numberedLabels) };
}

/**
 * The contract's YAML hints with what it leaves out derived from its schema (object fields'
 * children) or left empty: core knows no artifact's vocabulary.
 *
 * @example
 * resolveYamlHints(defineContract({ name: 'plan', schema, yaml: { listPrimaryKeys: { files: 'path' } } })).listPrimaryKeys.files // 'path'
 */
export function resolveYamlHints(contract: Contract<unknown> | undefined, runtime?: YamlHints): ResolvedYamlHints {
  if (contract === undefined || runtime !== undefined) return resolve(contract, runtime);
  // Without hints of the call, the result is the contract's alone: resolved once per contract
  // (contracts, like the schemas the caches above key on, are not changed once made), not per
  // candidate of every call. The sets handed out are only read by the repairs.
  let resolved = resolvedHints.get(contract);
  if (resolved === undefined) {
    resolved = resolve(contract, undefined);
    resolvedHints.set(contract, resolved);
  }
  return resolved;
}

const resolvedHints = new WeakMap<Contract<unknown>, ResolvedYamlHints>();

function resolve(contract: Contract<unknown> | undefined, runtime: YamlHints | undefined): ResolvedYamlHints {
  const hints = contract?.yamlHints ?? {};
  let nestedChildren = hints.nestedChildren ?? (contract === undefined ? NONE : objectChildren(contract));
  let listPrimaryKeys = hints.listPrimaryKeys ?? NONE;
  const freeTextKeys = new Set(hints.freeTextKeys ?? DEFAULT_FREE_TEXT_KEYS);
  const wrapperKeys = new Set(hints.wrapperKeys ?? []);
  // Numbered labels (`Draft 1:`) are an artifact's words: none unless the contract or the call names them.
  const numberedLabels = new Set(strings(hints.numberedLabels).map(labelWord));
  if (runtime !== undefined) {
    const extra = runtimeHints(runtime);
    nestedChildren = { ...nestedChildren, ...extra.nestedChildren };
    listPrimaryKeys = { ...listPrimaryKeys, ...extra.listPrimaryKeys };
    for (const key of extra.freeTextKeys) freeTextKeys.add(key);
    for (const key of extra.wrapperKeys) wrapperKeys.add(key);
    for (const word of extra.numberedLabels) numberedLabels.add(labelWord(word));
  }
  numberedLabels.delete('');
  const knownKeys = new Set<string>(contract?.knownKeys ?? []);
  for (const [parent, children] of Object.entries(nestedChildren)) {
    knownKeys.add(parent);
    for (const child of children) knownKeys.add(child);
  }
  for (const [list, key] of Object.entries(listPrimaryKeys)) {
    knownKeys.add(list);
    knownKeys.add(key);
  }
  for (const key of freeTextKeys) knownKeys.add(key);
  const itemKeys = new Set<string>(contract === undefined ? [] : nestedSchemaKeys(contract));
  for (const key of hints.itemKeys ?? []) itemKeys.add(key);
  return { nestedChildren, listPrimaryKeys, freeTextKeys, wrapperKeys, numberedLabels: [...numberedLabels], knownKeys, itemKeys };
}
