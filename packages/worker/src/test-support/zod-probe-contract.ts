/**
 * A contract that reports, in each record's data, whether the thread that validated it had
 * Zod's `jitless` setting on (see zod-tuning.cts): the data says which path ran, not a timing.
 */
import { z } from 'zod';

export const probe = z.object({ a: z.number() }).transform((value) => ({
  ...value,
  jitless: (globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig?.jitless === true,
}));
