/**
 * Per-contract YAML hints with the seed's defaults for whatever the contract
 * leaves out (seed 001, "YAML Structural Repairs").
 */
import type { Contract } from '../contract/contract.js';
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
  return { nestedChildren, listPrimaryKeys, freeTextKeys, wrapperKeys: new Set(DEFAULT_WRAPPER_KEYS), knownKeys };
}
