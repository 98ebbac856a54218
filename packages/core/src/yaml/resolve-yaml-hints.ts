/**
 * Per-contract YAML hints with the seed's defaults for whatever the contract
 * leaves out (seed 001, "YAML Structural Repairs").
 */
import type { Contract } from '../contract/contract.js';
import { schemaModel, type SchemaModel } from '../contract/schema-model.js';
import type { ResolvedYamlHints } from './repairs/repair-kit.js';

/** Parent → children nested by the seed's artifacts (rule 1 and rule 4). */
export const DEFAULT_NESTED_CHILDREN: Readonly<Record<string, readonly string[]>> = {
  generated_by: ['winner_model', 'generated_at'],
  progress: ['current', 'total'],
  approval: ['approved_by', 'approved_at'],
  checks: ['tests', 'lint', 'typecheck', 'qualitative'],
};

/** Structured lists and the key a bare scalar item becomes (rule 6). */
export const DEFAULT_LIST_PRIMARY_KEYS: Readonly<Record<string, string>> = {
  beads: 'id',
  epics: 'id',
  user_stories: 'id',
  files: 'path',
};

export const DEFAULT_FREE_TEXT_KEYS: readonly string[] = ['free_text'];

/** Vote scorecard wrappers whose body models indent one level too shallow. */
export const DEFAULT_WRAPPER_KEYS: readonly string[] = ['draft_scores', 'scores', 'scorecard'];

const nestedKeyCache = new WeakMap<object, readonly string[]>();

/**
 * Keys of the objects below the contract's root (list items, sections): the
 * contract's whitelist for several keys on one line inside a list item
 * (`- id: Q01 phase: foundation`), where its root keys say nothing.
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

/**
 * @example
 * resolveYamlHints(undefined).listPrimaryKeys.beads // 'id'
 */
export function resolveYamlHints(contract: Contract<unknown> | undefined): ResolvedYamlHints {
  const hints = contract?.yamlHints ?? {};
  const nestedChildren = hints.nestedChildren ?? DEFAULT_NESTED_CHILDREN;
  const listPrimaryKeys = hints.listPrimaryKeys ?? DEFAULT_LIST_PRIMARY_KEYS;
  const freeTextKeys = new Set(hints.freeTextKeys ?? DEFAULT_FREE_TEXT_KEYS);
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
  if (contract !== undefined) for (const key of nestedSchemaKeys(contract)) knownKeys.add(key);
  return { nestedChildren, listPrimaryKeys, freeTextKeys, wrapperKeys: new Set(DEFAULT_WRAPPER_KEYS), knownKeys };
}
