/**
 * A contract module that raises a process warning as it loads in a worker thread, as a
 * dependency might: the calling thread's listeners must receive it.
 */
import { isMainThread, threadId } from 'node:worker_threads';
import { z } from 'zod';

if (!isMainThread) {
  process.emitWarning(`loaded in worker thread ${threadId}`, { code: 'AIRLOCK_TEST_WARNING' });
}

export const warningTask = z.object({ title: z.string(), priority: z.number() });
