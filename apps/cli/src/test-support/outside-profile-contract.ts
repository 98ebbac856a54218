/**
 * A contract outside the AgentSchema profile in three places, for `airlock schema`.
 */
import { z } from 'zod';

export const lossy = z.object({
  a: z.string().default('x'),
  b: z.object({ c: z.record(z.string(), z.number()) }),
  d: z.string().transform(Number),
});
