/**
 * Test contracts for the CLI, as a user writes them: Zod schemas in a .ts file.
 */
import { z } from 'zod';

export const task = z.object({ title: z.string(), priority: z.number().int().min(0).max(4) });

/**
 * The same shape, made deliberately slow (about 0.25 ms per validation) so a
 * test can interrupt a batch of a few thousand records mid-run.
 */
export const slowTask = task.refine(() => {
  const until = performance.now() + 0.25;
  while (performance.now() < until) {
    // busy wait: a worker thread's CPU time is what the test needs to stretch
  }
  return true;
});

export const notASchema = { title: 'nope' };
