/**
 * Contract-guided normalization entry point: runs the stages in order, each
 * pure and recording every change. A stage that refuses (ambiguous aliases,
 * extras under the `error` policy) stops the run with a failure.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import { aliasKeys } from './alias-keys.js';
import { applyExtrasPolicy } from './apply-extras-policy.js';
import { applyWording } from './apply-wording.js';
import { coerceBySchema } from './coerce-by-schema.js';
import { dropOptionalNulls } from './drop-optional-nulls.js';
import { dropInvalidEntries } from './drop-invalid-entries.js';
import { dropTruncatedEntry } from './drop-truncated-entry.js';
import { fillDefaults } from './fill-defaults.js';
import { fillFromContext } from './fill-from-context.js';
import { hoistKeys } from './hoist-keys.js';
import { nestBareValues } from './nest-bare-values.js';
import { normalizeIds } from './normalize-ids.js';
import { normalizePaths } from './normalize-paths.js';
import { normalizeRecordKeys } from './normalize-record-keys.js';
import { noteEmptyLists } from './note-empty-lists.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { orderLists } from './order-lists.js';
import { overlayFromContext } from './overlay-from-context.js';
import { recomputeDerived } from './recompute-derived.js';
import { replaceInvalidValues } from './replace-invalid-values.js';
import { resolveAttribution } from './resolve-attribution.js';
import { shapeIsCanonical } from './shape-is-canonical.js';
import { shapeStrings } from './shape-strings.js';
import { splitLabeledText } from './split-labeled-text.js';
import { unwrapWrapperKeys } from './unwrap-wrapper-keys.js';

export type { NormalizeFailure, NormalizeOptions, NormalizeOutcome } from './normalize-types.js';

type NormalizeStage = (value: unknown, contract: Contract<unknown>, options: NormalizeOptions) => NormalizeOutcome;

/**
 * The stages in order. Keys must be canonical before anything reads them,
 * and misplaced siblings are hoisted before extras could strip them; a
 * provider's forced nulls go before anything reads values; a truncated
 * entry goes before fills could make it look complete; bare values are
 * nested and labeled text split before coercion reads their shape; drops see
 * coerced enums; overlays match normalized ids and come before the list is
 * ordered; context, defaults, derived values and attribution see the rest settled.
 */
export const NORMALIZE_STAGES: readonly NormalizeStage[] = [
  unwrapWrapperKeys,
  aliasKeys,
  dropOptionalNulls,
  hoistKeys,
  dropTruncatedEntry,
  nestBareValues,
  splitLabeledText,
  normalizeRecordKeys,
  applyExtrasPolicy,
  coerceBySchema,
  replaceInvalidValues,
  shapeStrings,
  dropInvalidEntries,
  normalizePaths,
  normalizeIds,
  overlayFromContext,
  orderLists,
  fillFromContext,
  fillDefaults,
  recomputeDerived,
  resolveAttribution,
  noteEmptyLists,
];

/**
 * Stages that leave a complete output with a canonical shape as it is (see
 * shapeIsCanonical): one read-only walk lets such an output skip them all.
 */
const SHAPE_STAGES: ReadonlySet<NormalizeStage> = new Set([aliasKeys, dropTruncatedEntry, applyExtrasPolicy, coerceBySchema]);

/**
 * Normalizes a parsed value toward the contract.
 *
 * @example
 * normalizeValue({ output: { Title: 'x' } }, toContract(z.object({ title: z.string() })))
 * // { value: { title: 'x' }, interventions: [wrapper_unwrapped, key_aliased] }
 */
export function normalizeValue(value: unknown, contract: Contract<unknown>, options: NormalizeOptions = {}): NormalizeOutcome {
  let current = value;
  const interventions: Intervention[] = [];
  let skipShapeStages: boolean | undefined;
  for (const stage of NORMALIZE_STAGES) {
    if (SHAPE_STAGES.has(stage)) {
      // Decided on the unwrapped value; a truncated output always goes through dropTruncatedEntry.
      skipShapeStages ??= options.truncated !== true && shapeIsCanonical(current, planFor(contract));
      if (skipShapeStages) continue;
    }
    const outcome = stage(current, contract, options);
    // Most stages change nothing on most outputs: skip the wording pass and the spread then.
    // One by one: spreading a hundred thousand interventions as arguments overflows the stack.
    if (outcome.interventions.length > 0) for (const i of applyWording(outcome.interventions, outcome.value, contract.normalization.wording)) interventions.push(i);
    if (outcome.failure !== undefined) return { value, interventions, failure: outcome.failure };
    current = outcome.value;
  }
  return { value: current, interventions };
}
