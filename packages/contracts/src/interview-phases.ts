/**
 * The interview phases, in the order questions are asked. Their own module so
 * that the interview contracts and their readers share them without a cycle;
 * `interview.ts` re-exports both names.
 */

/** Interview phases, in the order questions are asked. */
export const INTERVIEW_PHASES = ['foundation', 'structure', 'assembly'] as const;

export type InterviewPhase = (typeof INTERVIEW_PHASES)[number];

/** The engine's list order for a `questions` list by phase (the interview document uses it). */
export const ORDER_BY_PHASE = { questions: { by: 'phase', values: INTERVIEW_PHASES } };
