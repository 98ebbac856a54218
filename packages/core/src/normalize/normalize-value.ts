/**
 * Contract-guided normalization entry point: runs the stages in order, each
 * pure and recording every change. A stage that refuses (ambiguous aliases,
 * extras under the `error` policy) stops the run with a failure.
 */
import type { Contract } from '../contract/contract.js';
import { planFor, type NormalizationPlan, type PatternRuleFamily } from '../contract/normalization-plan.js';
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
import { splitStringLists } from './split-string-lists.js';
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
  splitStringLists,
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
 * Stages that leave a value with a canonical shape as it is (see shapeIsCanonical): one
 * read-only check lets such a value skip them all.
 */
const SHAPE_STAGES: ReadonlySet<NormalizeStage> = new Set([aliasKeys, applyExtrasPolicy, coerceBySchema]);

/** No value asked yet (see normalizeValue). */
const UNCHECKED = Symbol('unchecked');

/** What decides whether a stage can act at all: the contract's plan and which options are set. */
export interface StageSetting {
  readonly plan: NormalizationPlan;
  readonly contract: Contract<unknown>;
  readonly context: boolean;
  readonly truncated: boolean;
}

const noRules = (family: PatternRuleFamily) => ({ plan }: StageSetting): boolean => plan.rules[family].byPattern.size === 0;

/**
 * Stages that return every value as it is, with no intervention, in a setting: the conditions
 * each stage tests first and returns on (a test holds each to its stage). Most contracts
 * declare few rules, so most stages have nothing to do on every output of them.
 */
export const IDLE_WHEN: ReadonlyMap<NormalizeStage, (setting: StageSetting) => boolean> = new Map([
  [unwrapWrapperKeys, ({ plan }: StageSetting) => (plan.wrappers.size === 0 && !plan.genericWrappers) || plan.model.kind === 'record'],
  [dropOptionalNulls, ({ contract }: StageSetting) => contract.normalization.optionalNulls !== 'drop'],
  [hoistKeys, noRules('hoist')],
  [dropTruncatedEntry, ({ truncated }: StageSetting) => !truncated],
  [nestBareValues, noRules('nest')],
  [splitLabeledText, noRules('sections')],
  [normalizeRecordKeys, noRules('recordKeys')],
  [replaceInvalidValues, noRules('replaceInvalid')],
  [splitStringLists, noRules('strings')],
  [shapeStrings, noRules('strings')],
  [dropInvalidEntries, noRules('drop')],
  [normalizePaths, ({ plan }: StageSetting) => plan.paths.size === 0],
  [normalizeIds, ({ plan }: StageSetting) => plan.ids.size === 0],
  [overlayFromContext, (setting: StageSetting) => !setting.context || noRules('overlay')(setting)],
  [orderLists, noRules('order')],
  [fillFromContext, ({ plan, context }: StageSetting) => !context || plan.context.size === 0],
  [fillDefaults, ({ plan }: StageSetting) => plan.defaults.size === 0],
  [recomputeDerived, ({ plan }: StageSetting) => plan.derived.size === 0],
  [resolveAttribution, (setting: StageSetting) => !setting.context || noRules('attribution')(setting)],
  [noteEmptyLists, noRules('noteEmpty')],
]);

/**
 * The stages that may act for a contract with and without a context, for complete and
 * truncated outputs, computed once per contract: calling an idle stage costs little, but
 * most of the 22 are idle on every output, and a clean output paid for all of them.
 */
const activeStages = new WeakMap<Contract<unknown>, ActiveStages[]>();

/** The stages that may act, with 1 where a stage is one of {@link SHAPE_STAGES} (a set lookup per stage and output cost more). */
interface ActiveStages {
  readonly stages: readonly NormalizeStage[];
  readonly shaping: Uint8Array;
}

function activeStagesFor(contract: Contract<unknown>, options: NormalizeOptions): ActiveStages {
  const context = options.context !== undefined;
  const truncated = options.truncated === true;
  let lists = activeStages.get(contract);
  if (lists === undefined) activeStages.set(contract, (lists = []));
  const variant = (context ? 1 : 0) + (truncated ? 2 : 0);
  let active = lists[variant];
  if (active === undefined) {
    const setting: StageSetting = { plan: planFor(contract), contract, context, truncated };
    const stages = NORMALIZE_STAGES.filter((stage) => IDLE_WHEN.get(stage)?.(setting) !== true);
    active = lists[variant] = { stages, shaping: Uint8Array.from(stages, (stage) => (SHAPE_STAGES.has(stage) ? 1 : 0)) };
  }
  return active;
}

/**
 * The stages of {@link NORMALIZE_STAGES} that may act on outputs of this contract with these options, in order.
 *
 * @example
 * stagesFor(toContract(z.object({ title: z.string() })), {}) // aliasing, extras and coercion among a few others
 */
export function stagesFor(contract: Contract<unknown>, options: NormalizeOptions): readonly NormalizeStage[] {
  return activeStagesFor(contract, options).stages;
}

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
  // Whether `checked` has a canonical shape: asked again only of a value a stage changed.
  let checked: unknown = UNCHECKED;
  let canonical = false;
  const { stages, shaping } = activeStagesFor(contract, options);
  for (let k = 0; k < stages.length; k++) {
    const stage = stages[k]!;
    if (shaping[k] === 1) {
      if (checked !== current) {
        checked = current;
        canonical = shapeIsCanonical(current, planFor(contract));
      }
      // A shape stage leaves a canonical value as it is, by shapeIsCanonical's own promise.
      if (canonical) continue;
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
