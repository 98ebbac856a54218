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
 *
 * @module @airlock/contracts
 */
export { erkTripwireCandidates, erkTripwireCandidatesSchema } from './erk-tripwire-candidates.js';
export {
  interviewQuestions,
  interviewQuestionsSchema,
  interviewQuestionSchema,
  interviewQuestionsList,
  interviewQuestionsListSchema,
  INTERVIEW_PHASES,
  ORDER_BY_PHASE,
  DEFAULT_MAX_QUESTIONS,
} from './interview.js';
export { interviewRefinement, interviewRefinementSchema } from './interview-refinement.js';
export { interviewTurn, interviewTurnSchema } from './interview-turn.js';
export { coverageResult, coverageResultSchema, interviewCoverageResult, prdCoverageResult, beadsCoverageResult } from './coverage-result.js';
export { interviewDocument, interviewDocumentSchema, fullAnswersSchema } from './interview-document.js';
export type { InterviewDocument } from './interview-document-shape.js';
export { fullAnswers } from './full-answers.js';
export { prd, prdSchema, prdDraft, type Prd } from './prd.js';
export { prdRefinement, prdRefinementSchema, prdCoverageRevision, prdCoverageRevisionSchema } from './prd-refinement.js';
export { beadsBlueprint, beadsBlueprintSchema, beadsRefinement, beadsRefinementSchema, beadsCoverageRevision, beadsCoverageRevisionSchema, type BlueprintBead } from './beads.js';
export { beadsJsonl, beadsExpanded, beadsExpandedSchema, type BeadNote } from './beads-expanded.js';
export { voteScorecard, voteScorecardSchema, type VoteScorecard } from './vote-scorecard.js';
export { beadStatus, beadStatusSchema, type BeadStatus } from './bead-status.js';
export { relevantFiles, relevantFilesSchema, type RelevantFiles } from './relevant-files.js';
export { finalTestCommands, finalTestCommandsSchema, type FinalTestCommands, type FinalTestFileEffect } from './final-test-commands.js';
export { executionSetupPlan, executionSetupPlanSchema, executionSetupResult, executionSetupResultSchema, type ExecutionSetupPlan, type ExecutionSetupResult } from './execution-setup.js';
export { manualQaChecklist, manualQaChecklistSchema, type ManualQaChecklist } from './manual-qa-checklist.js';
export { refinementChanges, refinementChangesSchema } from './refinement-changes.js';
export { yamlOrJsonDocument } from './generic-document.js';
export { ARTIFACT_CONTRACTS, type ArtifactName } from './artifact-contracts.js';
export { loopTroopContext } from './looptroop/looptroop-context.js';
export { loopTroopVocabulary, type LoopTroopVocabulary } from './looptroop/looptroop-vocabulary.js';
