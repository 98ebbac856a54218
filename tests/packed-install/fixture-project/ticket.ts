// The contract module the README's `npx @airlock/cli batch … --contract ./ticket.ts#Ticket` names.
import { z } from 'zod';

export const Ticket = z.object({ title: z.string(), priority: z.enum(['low', 'high']) });
