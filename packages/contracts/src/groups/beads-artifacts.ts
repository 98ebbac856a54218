/** The beads family and the vote scorecard of the LoopTroop pack, by artifact name. */
import { beadsBlueprint, beadsExpanded } from '../beads.js';
import { voteScorecard } from '../vote-scorecard.js';

export const BEADS_ARTIFACTS = {
  beads_blueprint: beadsBlueprint,
  beads_refinement: beadsBlueprint,
  beads_jsonl: beadsExpanded,
  vote_scorecard: voteScorecard,
} as const;
