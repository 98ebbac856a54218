/**
 * Contract of the bundled sample run log: a code-review agent reports its
 * findings. Used by the README's first command (`npm run sample`).
 */
import { z } from 'zod';

export const reviewFinding = z.object({
  file: z.string(),
  line: z.number().int().nonnegative().optional(),
  severity: z.enum(['critical', 'major', 'minor']),
  message: z.string(),
});

/** The schema every review output must satisfy. */
export const sampleSchema = z.object({
  summary: z.string(),
  verdict: z.enum(['approve', 'request_changes']),
  issues: z.array(reviewFinding),
});

export const sampleContract = sampleSchema;
