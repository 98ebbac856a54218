/**
 * Refinement changes (output-normalization seed): the `changes` list a
 * council member emits beside a refined PRD, bead or interview draft. Entries
 * that are not objects or have no valid type are skipped with a record; the
 * inspiration may be a bare label or a partial object; a losing draft named
 * by its 1-based position in `options.context.losing_drafts` is resolved to
 * its id, and one that names no draft marks the change `invalid_unattributed`.
 */
import { defineContract } from '@airlock/core';
import { z } from 'zod';

const inspiration = z.object({
  id: z.string().optional(),
  label: z.string().optional(),
  alternative_draft: z.union([z.string(), z.number()]).optional(),
});

const change = z.object({
  type: z.enum(['modified', 'added', 'removed']),
  target: z.string().min(1),
  summary: z.string().optional(),
  inspiration: inspiration.optional(),
  attribution_status: z.literal('invalid_unattributed').optional(),
});

/** The changes list; the refined artifact beside it is left to its own contract. */
export const refinementChangesSchema = z.looseObject({ changes: z.array(change) });

/**
 * Refinement changes.
 *
 * @example
 * safeParse('changes:\n  - type: Modified\n    target: EPIC-1\n    inspiration: {alternative_draft: 2}\n  - just a note', refinementChanges, { context: { losing_drafts: ['model-a', 'model-b'] } }).data
 * // { changes: [{ type: 'modified', target: 'EPIC-1', inspiration: { alternative_draft: 'model-b' } }] }
 */
export const refinementChanges = defineContract({
  name: 'looptroop.refinement-changes',
  schema: refinementChangesSchema,
  aliases: { target: ['item', 'target_id'], alternative_draft: ['alternativedraft', 'draft'] },
  drop: { changes: { nonObject: true, invalid: ['type'] } },
  nest: { 'changes[].inspiration': 'label' },
  attribution: { changes: { ref: 'inspiration.alternative_draft', roster: 'losing_drafts', status: 'attribution_status', requiredWith: 'inspiration' } },
  wording: [
    { rule: 'non_object_entry_dropped', message: 'Skipped non-object refinement change at index {index}.' },
    { rule: 'invalid_entry_dropped', message: 'Skipped refinement change at index {index} with invalid type.' },
  ],
});
