/** The interview document and the resolved interview (full answers), by artifact name. */
import { fullAnswers } from '../full-answers.js';
import { interviewDocument } from '../interview-document.js';

export const DOCUMENT_ARTIFACTS = {
  interview_document: interviewDocument,
  resolved_interview_document: fullAnswers,
} as const;
