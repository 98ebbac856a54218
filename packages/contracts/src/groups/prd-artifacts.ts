/** The PRD family of the LoopTroop pack, by artifact name. */
import { prd } from '../prd.js';
import { refinementChanges } from '../refinement-changes.js';

export const PRD_ARTIFACTS = {
  prd,
  prd_refinement: prd,
  prd_coverage_revision: prd,
  refinement_changes: refinementChanges,
} as const;
