/**
 * @airlock/contracts: shipped contracts for the artifacts agent workflows
 * emit (interview, PRD, beads, votes, relevant files, test plans, setup
 * plans, refinement changes) and the erk tripwire candidates.
 *
 * @example
 * import { safeParse } from '@airlock/core';
 * import { beadStatus } from '@airlock/contracts';
 * const result = safeParse('<BEAD_STATUS>\nstatus: completed\nchecks: {tests: passed, lint: ok, typecheck: true, qualitative: pass}\n</BEAD_STATUS>', beadStatus);
 * result.success && result.data.status; // 'done'
 */
export { erkTripwireCandidates, erkTripwireCandidatesSchema } from './erk-tripwire-candidates.js';
export { interviewQuestions, interviewQuestionsSchema, interviewQuestionSchema, INTERVIEW_PHASES } from './interview.js';
export { interviewDocument, interviewDocumentSchema } from './interview-document.js';
export { fullAnswers } from './full-answers.js';
export { prd, prdSchema } from './prd.js';
export { beadsBlueprint, beadsBlueprintSchema, beadsExpanded, beadsExpandedSchema } from './beads.js';
export { beadStatus, beadStatusSchema } from './bead-status.js';
export { voteScorecard, voteScorecardSchema } from './vote-scorecard.js';
export { relevantFiles, relevantFilesSchema } from './relevant-files.js';
export { finalTestCommands, finalTestCommandsSchema } from './final-test-commands.js';
export { executionSetupPlan, executionSetupPlanSchema, executionSetupResult, executionSetupResultSchema } from './execution-setup.js';
export { refinementChanges, refinementChangesSchema } from './refinement-changes.js';
export { ARTIFACT_CONTRACTS, type ArtifactName } from './artifact-contracts.js';
