/** The interview family of the LoopTroop pack, by artifact name. */
import { beadsCoverageResult, coverageResult, interviewCoverageResult, prdCoverageResult } from '../coverage-result.js';
import { interviewQuestions, interviewQuestionsList } from '../interview.js';
import { interviewRefinement } from '../interview-refinement.js';
import { interviewTurn } from '../interview-turn.js';

export const INTERVIEW_ARTIFACTS = {
  interview_questions: interviewQuestions,
  interview_questions_list: interviewQuestionsList,
  interview_refinement: interviewRefinement,
  interview_turn: interviewTurn,
  coverage_result: coverageResult,
  interview_coverage_result: interviewCoverageResult,
  prd_coverage_result: prdCoverageResult,
  beads_coverage_result: beadsCoverageResult,
} as const;
