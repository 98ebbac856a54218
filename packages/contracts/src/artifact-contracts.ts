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
import { defineContract } from '@airlock/core';
import { z } from 'zod';
import { voteScorecard } from './vote-scorecard.js';

/**
 * The pack, by name.
 *
 * @example
 * safeParse(text, ARTIFACT_CONTRACTS['bead-status'])
 */
const anyDoc = defineContract({ name: 'looptroop.yaml_or_json', schema: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]) });
export const ARTIFACT_CONTRACTS = {
  yaml_rule: anyDoc,
  generic_yaml_or_json: anyDoc,
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
  relevant_files: relevantFiles,
  interview_questions: interviewQuestions,
  interview_questions_list: interviewQuestions,
  interview_refinement: interviewQuestions,
  interview_document: interviewDocument,
  resolved_interview_document: fullAnswers,
  prd_refinement: prd,
  prd_coverage_revision: prd,
  beads_blueprint: beadsBlueprint,
  beads_refinement: beadsBlueprint,
  beads_jsonl: beadsExpanded,
  vote_scorecard: voteScorecard,
  execution_setup_plan: executionSetupPlan,
  execution_setup_result: executionSetupResult,
  bead_completion_marker: beadStatus,
  final_test_commands: finalTestCommands,
} as const;

export type ArtifactName = keyof typeof ARTIFACT_CONTRACTS;
