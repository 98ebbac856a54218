/**
 * Any YAML or JSON document (LoopTroop's `parseYamlOrJsonCandidate`): an
 * object or a list, found, repaired and parsed with every repair recorded,
 * and nothing normalized; the YAML repairs take their hints from the context
 * (`context.yaml`: `nestedChildren`, `listPrimaryKeys`).
 */
import { defineContract } from '@airlock/core';
import { z } from 'zod';

/**
 * A YAML or JSON document of any shape.
 *
 * @example
 * safeParse('questions:\n  -id: Q01\n    phase: Foundation', yamlOrJsonDocument).data
 * // { questions: [{ id: 'Q01', phase: 'Foundation' }] } (one YAML repair recorded)
 */
export const yamlOrJsonDocument = defineContract({
  name: 'looptroop.yaml_or_json',
  schema: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
  replaceDefaultWrappers: true,
});
