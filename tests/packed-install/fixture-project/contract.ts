import { z } from 'zod';
import { defineContract } from '@airlock/core';

export const ticket = defineContract({ name: 'ticket', schema: z.object({ title: z.string(), priority: z.number() }) });
export type Ticket = z.infer<typeof ticket.schema>;
