import { z } from 'zod';
import { isMainThread } from 'node:worker_threads';
process.emitWarning(`contract warning (main: ${isMainThread})`);
if (!isMainThread) console.error('worker says hi');
export const task = z.object({ title: z.string(), priority: z.number() });
