/**
 * Every artifact contract of the pack by a short name: for batch tools that
 * pick a contract per record, and for tests that must cover them all.
 */
import { beadStatus } from './bead-status.js';
import { beadsBlueprint, beadsExpanded } from './beads.js';
import { erkTripwireCandidates } from './erk-tripwire-candidates.js';
import { executionSetupPlan, executionSetupResult } from './execution-setup.js';
import { finalTestCommands } from './final-test-commands.js';
import { fullAnswers } from './full-answers.js';
import { interviewDocument, interviewQuestions } from './interview.js';
import { prd } from './prd.js';
import { refinementChanges } from './refinement-changes.js';
import { relevantFiles } from './relevant-files.js';
import { voteScorecard } from './vote-scorecard.js';

/**
 * The pack, by name.
 *
 * @example
 * safeParse(text, ARTIFACT_CONTRACTS['bead-status'])
 */
export const ARTIFACT_CONTRACTS = {
  'interview-questions': interviewQuestions,
  'interview-document': interviewDocument,
  'full-answers': fullAnswers,
  prd,
  'beads-blueprint': beadsBlueprint,
  'beads-expanded': beadsExpanded,
  'bead-status': beadStatus,
  'vote-scorecard': voteScorecard,
  'relevant-files': relevantFiles,
  'final-test-commands': finalTestCommands,
  'execution-setup-plan': executionSetupPlan,
  'execution-setup-result': executionSetupResult,
  'refinement-changes': refinementChanges,
  erk: erkTripwireCandidates,
} as const;

export type ArtifactName = keyof typeof ARTIFACT_CONTRACTS;
