/**
 * The erk tripwire-candidates contract (seed 000, "Agent Schema Enforcement"):
 * agents write `{ candidates: [{ action, warning, target_doc_path }] }` but
 * drift to `tripwire_candidates`, `description`, `title`/`name`/`trigger_pattern`
 * and extra fields. Normalize at the boundary, then validate.
 */
import { z } from 'zod';
import { defineContract } from '@airlock/core';

const candidate = z.object({
  /** What the agent is about to do that should trip the wire. */
  action: z.string().min(1),
  /** What to tell it when it does. */
  warning: z.string().min(1),
  /** The doc the tripwire is stored in. */
  target_doc_path: z.string().min(1),
});

/** Output schema of the tripwire extraction agent. */
export const erkTripwireCandidatesSchema = z.object({ candidates: z.array(candidate) });

/**
 * The contract: root alias, field aliases with canonical precedence, extras stripped.
 *
 * @example
 * const result = safeParse('{"tripwire_candidates":[{"title":"a","description":"b","target_doc_path":"docs/x.md"}]}', erkTripwireCandidates);
 * result.success && result.data // { candidates: [{ action: 'a', warning: 'b', target_doc_path: 'docs/x.md' }] }
 * result.success && result.normalized // true
 */
export const erkTripwireCandidates = defineContract({
  name: 'erk.tripwire-candidates',
  schema: erkTripwireCandidatesSchema,
  rootAliases: { candidates: ['tripwire_candidates'] },
  aliases: {
    'candidates[].action': ['title', 'name', 'trigger_pattern'],
    'candidates[].warning': ['description'],
  },
  extras: 'strip',
  paths: ['candidates[].target_doc_path'],
});
