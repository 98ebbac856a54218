/**
 * A contract module whose loading makes a library-style process warning, as
 * some dependencies do: the CLI must keep it off the terminal, on every thread.
 * In a worker thread it also writes a line to stderr: a worker thread that has
 * written there printed its own warnings to the terminal before they were
 * forwarded to the calling thread (see the worker package's worker-warnings.ts).
 */
import { isMainThread } from 'node:worker_threads';
import { z } from 'zod';

process.emitWarning('a dependency noticed something');
if (!isMainThread) console.error('warning-contract: loaded in a worker thread');

export const task = z.object({ title: z.string(), priority: z.number().int().min(0).max(4) });
