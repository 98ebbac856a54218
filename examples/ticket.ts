/**
 * The schema of the provider examples (docs/providers.md): a ticket
 * an agent files. `airlock schema --contract ./examples/ticket.ts#ticket
 * --provider <provider>` prints its projection for each provider.
 */
import { z } from 'zod';

export const ticket = z.object({
  title: z.string().min(1).describe('One line'),
  priority: z.enum(['low', 'high']),
  estimate: z.int().positive().optional().describe('Hours'),
});
