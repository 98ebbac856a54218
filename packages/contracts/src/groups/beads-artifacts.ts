/** The beads family and the vote scorecard of the LoopTroop pack, by artifact name. */
import { beadsBlueprint, beadsCoverageRevision, beadsRefinement } from '../beads.js';
import { beadsExpanded, beadsJsonl } from '../beads-expanded.js';
import { voteScorecard } from '../vote-scorecard.js';

export const BEADS_ARTIFACTS = {
  beads_blueprint: beadsBlueprint,
  beads_refinement: beadsRefinement,
  beads_coverage_revision: beadsCoverageRevision,
  beads_jsonl: beadsJsonl,
  expanded_beads: beadsExpanded,
  vote_scorecard: voteScorecard,
} as const;
