/** The PRD family of the LoopTroop pack, by artifact name. */
import { prd } from '../prd.js';
import { prdCoverageRevision, prdRefinement } from '../prd-refinement.js';
import { refinementChanges } from '../refinement-changes.js';

export const PRD_ARTIFACTS = {
  prd,
  prd_refinement: prdRefinement,
  prd_coverage_revision: prdCoverageRevision,
  refinement_changes: refinementChanges,
} as const;
