import { z } from 'zod';

/** The review contract of the cadre seed's error example. */
export const reviewSchema = z.object({
  verdict: z.enum(['approve', 'request_changes']),
  issues: z.array(z.object({ severity: z.enum(['critical', 'major', 'minor']), message: z.string() })),
});

export const GOOD_REVIEW = '{"verdict":"approve","issues":[{"severity":"minor","message":"Typo in README"}]}';
export const BAD_SEVERITY = '{"verdict":"approve","issues":[{"severity":"high","message":"Typo in README"}]}';
