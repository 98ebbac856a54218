/** The interview family of the LoopTroop pack, by artifact name. */
import { interviewQuestions } from '../interview.js';

export const INTERVIEW_ARTIFACTS = {
  interview_questions: interviewQuestions,
  interview_questions_list: interviewQuestions,
  interview_refinement: interviewQuestions,
} as const;
