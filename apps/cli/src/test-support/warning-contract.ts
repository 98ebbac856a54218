/**
 * A contract module whose loading makes a library-style process warning, as
 * some dependencies do: the CLI must keep it off the terminal, on every thread.
 */
import { z } from 'zod';

process.emitWarning('a dependency noticed something');

export const task = z.object({ title: z.string(), priority: z.number().int().min(0).max(4) });
