/**
 * The refined PRD (LoopTroop PROM12) and the PRD coverage revision (PROM13b),
 * spec §8: the PRD document plus a top-level `changes` list accounted against
 * the winning (or current) draft, and for the coverage revision the required
 * `gap_resolutions`.
 */
import type { ContractCheck, ContractDefinition } from '@airlock/core';
import { z } from 'zod';
import { gapResolutionsCheck, gapResolutionSchema } from './prd-coverage-checks.js';
import { changesCheck } from './prd-refinement-checks.js';
import { interviewHashCheck, prdIdsCheck } from './prd-checks.js';
import { prdContractSpec, prdShape, type Prd } from './prd.js';
import { CHANGES_SPEC, changesField } from './refinement-changes.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

/** The refined PRD: the document and its changes. */
export const prdRefinementSchema = z.object({ ...prdShape, changes: changesField });

/** The coverage revision: the document, its changes and one resolution per coverage gap. */
export const prdCoverageRevisionSchema = z.object({ ...prdShape, changes: changesField, gap_resolutions: z.array(gapResolutionSchema) });

/** The PRD spec with the `changes` list's own normalization merged in. */
function withChanges<T extends Prd>(name: string, schema: z.ZodType<T>, checks: readonly ContractCheck<T>[]): ContractDefinition<T> {
  const base = prdContractSpec(name, schema, checks);
  return {
    ...base,
    aliases: { ...base.aliases, ...CHANGES_SPEC.aliases },
    nest: CHANGES_SPEC.nest,
    drop: CHANGES_SPEC.drop,
    wording: [...(base.wording ?? []), ...CHANGES_SPEC.wording],
  };
}

/**
 * The refined PRD. Context: `ticket_id`, `interview` (as for `prd`),
 * `winner_draft` (the winning PRD YAML text) and `losing_drafts`
 * (`[{memberId}]`, for the inspirations; optional).
 *
 * @example
 * safeParse(refinedYaml, prdRefinement, { context: { ticket_id: 'T-1', interview, winner_draft: winnerYaml, losing_drafts: [{ memberId: 'openai/gpt-5-mini' }] } }).data?.changes
 * // [{ type: 'modified', item_type: 'user_story', before: { id: 'US-1', label: 'Login', detail: '…' }, after: { id: 'US-1', label: 'Password login', detail: '…' },
 * //    inspiration: null, attribution_status: 'model_unattributed' }]
 */
export const prdRefinement = defineLoopTroopContract(
  withChanges('looptroop.prd-refinement', prdRefinementSchema, [prdIdsCheck(), interviewHashCheck(), changesCheck('PRD refinement')]),
);

/**
 * The PRD coverage revision. Context: as for `prdRefinement` (`winner_draft`
 * is the current candidate), plus `coverage_gaps` (the gap strings).
 *
 * @example
 * safeParse(revisedYaml, prdCoverageRevision, { context: { ticket_id: 'T-1', interview, winner_draft: candidateYaml, coverage_gaps: ['No story covers export.'] } }).data?.gap_resolutions
 * // [{ gap: 'No story covers export.', action: 'updated_prd', rationale: '…', affected_items: [{ item_type: 'user_story', id: 'US-4', label: 'Export' }] }]
 */
export const prdCoverageRevision = defineLoopTroopContract(
  withChanges('looptroop.prd-coverage-revision', prdCoverageRevisionSchema, [prdIdsCheck(), interviewHashCheck(), changesCheck('PRD coverage revision'), gapResolutionsCheck()]),
);
