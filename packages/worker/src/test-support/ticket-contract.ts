/**
 * A contract whose check reads the runtime context: a record is valid only when its
 * `ticket` is the run's `context.ticket_id`, and refused, naming the key, without one.
 */
import { defineContract } from '@airlock/core';
import { z } from 'zod';

export const ticketContract = defineContract({
  name: 'ticket',
  schema: z.object({ ticket: z.string(), title: z.string() }),
  checks: [{ name: 'ticket', needs: ['ticket_id'], run: (v, ctx) => (v.ticket === ctx['ticket_id'] ? {} : { issues: ['ticket differs'] }) }],
});

/**
 * A run log of `n` records for {@link ticketContract}: every fourth names ticket T-2, the
 * others T-1; every third comes fenced in prose (so normalization runs too).
 *
 * @example
 * writeFileSync(path, makeTicketLog(300));
 */
export function makeTicketLog(n: number): string {
  let text = '';
  for (let i = 0; i < n; i++) {
    const value = JSON.stringify({ ticket: i % 4 === 3 ? 'T-2' : 'T-1', title: `task ${i}` });
    text += `${JSON.stringify({ id: `r${i}`, output: i % 3 === 1 ? `Done:\n\`\`\`json\n${value}\n\`\`\`` : value })}\n`;
  }
  return text;
}
