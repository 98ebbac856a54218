/**
 * A contract that writes, in each record's data, the id of the thread that validated it: the
 * output says where each chunk ran, not a timing.
 */
import { threadId } from 'node:worker_threads';
import { z } from 'zod';

export const threadProbe = z.object({ a: z.number() }).transform((value) => ({ ...value, thread: threadId }));
