/**
 * Test contracts for the CLI, as a user writes them: Zod schemas in a .ts file.
 */
import { defineContract } from '@airlock/core';
import { z } from 'zod';

export const task = z.object({ title: z.string(), priority: z.number().int().min(0).max(4) });

/** A task for one ticket: its check needs `context.ticket_id` (`--context`) and compares the task's `ticket` with it. */
export const ticketTask = defineContract({
  name: 'ticketTask',
  schema: task.extend({ ticket: z.string() }),
  checks: [{ name: 'ticket', needs: ['ticket_id'], run: (v, ctx) => (v.ticket === ctx['ticket_id'] ? {} : { issues: ['ticket differs'] }) }],
});

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
