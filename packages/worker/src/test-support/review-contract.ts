/**
 * A Zod contract for the salvage tests: a review whose fields stream in one by one, so a
 * cut-off output keeps some of them.
 */
import { z } from 'zod';

export const review = z.object({
  title: z.string(),
  severity: z.enum(['low', 'high']),
  tags: z.array(z.string()),
});
