/**
 * Every artifact contract of the pack by the artifact name LoopTroop's own
 * test cases use (`looptroop.prd_refinement` → `prd_refinement`): for batch
 * tools that pick a contract per record, for LoopTroop users moving over
 * (with `loopTroopContext`), and for tests that must cover them all.
 */
import { erkTripwireCandidates } from './erk-tripwire-candidates.js';
import { yamlOrJsonDocument } from './generic-document.js';
import { BEADS_ARTIFACTS } from './groups/beads-artifacts.js';
import { DOCUMENT_ARTIFACTS } from './groups/document-artifacts.js';
import { INTERVIEW_ARTIFACTS } from './groups/interview-artifacts.js';
import { OPERATIONS_ARTIFACTS } from './groups/operations-artifacts.js';
import { PRD_ARTIFACTS } from './groups/prd-artifacts.js';

/**
 * The pack, by artifact name.
 *
 * @example
 * safeParse(text, ARTIFACT_CONTRACTS.prd_refinement, { context: loopTroopContext('prd_refinement', args) })
 */
export const ARTIFACT_CONTRACTS = {
  ...OPERATIONS_ARTIFACTS,
  ...INTERVIEW_ARTIFACTS,
  ...DOCUMENT_ARTIFACTS,
  ...PRD_ARTIFACTS,
  ...BEADS_ARTIFACTS,
  generic_yaml_or_json: yamlOrJsonDocument,
  yaml_rule: yamlOrJsonDocument,
  erk: erkTripwireCandidates,
} as const;

export type ArtifactName = keyof typeof ARTIFACT_CONTRACTS;
