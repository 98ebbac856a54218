/**
 * Any YAML or JSON document of the LoopTroop workflow (LoopTroop's
 * `parseYamlOrJsonCandidate`): an object or a list, found, repaired and parsed
 * with every repair recorded, and nothing normalized. The YAML repairs know
 * the workflow's vocabulary — the keys, nested children and free-text keys of
 * every artifact of the pack — as LoopTroop's own repairs do, and take more hints for one call from `context.yaml` (`nestedChildren`,
 * `listPrimaryKeys`).
 */
import type { Contract, YamlHints } from '@airlock/core';
import { resolveYamlHints } from '@airlock/core/internal';
import { z } from 'zod';
import { BEADS_ARTIFACTS } from './groups/beads-artifacts.js';
import { DOCUMENT_ARTIFACTS } from './groups/document-artifacts.js';
import { INTERVIEW_ARTIFACTS } from './groups/interview-artifacts.js';
import { OPERATIONS_ARTIFACTS } from './groups/operations-artifacts.js';
import { PRD_ARTIFACTS } from './groups/prd-artifacts.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

const PACK: readonly Contract<unknown>[] = [BEADS_ARTIFACTS, DOCUMENT_ARTIFACTS, INTERVIEW_ARTIFACTS, OPERATIONS_ARTIFACTS, PRD_ARTIFACTS].flatMap(
  (group) => Object.values(group) as Contract<unknown>[],
);

/**
 * The union of the pack's YAML vocabulary (keys, item keys, nested children, free-text keys);
 * the first contract to name a parent's children wins. Not the lists' primary keys: a bare list
 * item takes a key only where the call names it, as in LoopTroop.
 */
function packVocabulary(): { knownKeys: string[]; yaml: YamlHints } {
  const knownKeys = new Set<string>();
  const itemKeys = new Set<string>();
  const freeTextKeys = new Set<string>();
  const nestedChildren: Record<string, readonly string[]> = {};
  for (const contract of PACK) {
    const hints = resolveYamlHints(contract);
    for (const key of hints.knownKeys) knownKeys.add(key);
    for (const key of hints.itemKeys) itemKeys.add(key);
    for (const key of hints.freeTextKeys) freeTextKeys.add(key);
    for (const [parent, children] of Object.entries(hints.nestedChildren)) nestedChildren[parent] ??= children;

  }
  return { knownKeys: [...knownKeys], yaml: { nestedChildren, freeTextKeys: [...freeTextKeys], itemKeys: [...itemKeys] } };
}

const vocabulary = packVocabulary();

/**
 * A YAML or JSON document of any shape.
 *
 * @example
 * safeParse('batch_number: 4 progress: current: 4 total: 17', yamlOrJsonDocument).data
 * // { batch_number: 4, progress: { current: 4, total: 17 } } (one YAML repair recorded)
 */
export const yamlOrJsonDocument = defineLoopTroopContract({
  name: 'looptroop.yaml_or_json',
  schema: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  replaceDefaultWrappers: true,
  knownKeys: vocabulary.knownKeys,
  yaml: vocabulary.yaml,
});
