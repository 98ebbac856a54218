/**
 * The bead completion marker (LoopTroop PROM_CODING), sent in a
 * `<BEAD_STATUS>` envelope: `{bead_id, status, checks{tests, lint,
 * typecheck, qualitative}, reason?}`. Any one-key root is a wrapper. LoopTroop
 * reads the status and gate words silently, so the check canonicalizes them
 * without an intervention: status to done/error (anything else refuses),
 * gates to pass/fail or another lowercase word (a valid marker whose gate did
 * not pass); a number other than 1/0 or a blank gate refuses.
 */
import type { ContractCheck } from '@airlock/core';
import { z } from 'zod';
import { bucketOf, gateInput, gateValues, looseEnum, nonBlank } from './bead-status-gates.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

const GATES = ['tests', 'lint', 'typecheck', 'qualitative'] as const;

/** The completion marker as the agent writes it; the check narrows status and gates. */
export const beadStatusSchema = z.object({
  bead_id: nonBlank,
  status: looseEnum(['done', 'error']),
  checks: z.object({ tests: gateInput, lint: gateInput, typecheck: gateInput, qualitative: gateInput }),
  reason: z.string().optional(),
});

export type BeadStatus = z.infer<typeof beadStatusSchema>;

const STATUS = { done: ['completed', 'complete', 'done', 'success', 'succeeded'], error: ['failed', 'fail', 'error'] } as const;

/** Status and gates to LoopTroop's buckets; a blank reason is no reason. */
const markerWords: ContractCheck<BeadStatus> = {
  name: 'completion status and gates',
  run(marker) {
    const status = bucketOf(marker.status, STATUS);
    const gates = gateValues(marker.checks, 'checks');
    const issues = status === undefined ? [{ path: 'status', message: `Invalid completion status: ${marker.status}` }, ...gates.issues] : gates.issues;
    if (issues.length > 0) return { issues };
    const { reason, ...rest } = marker;
    const trimmed = reason?.trim();
    return { value: { ...rest, bead_id: rest.bead_id.trim(), status: status!, checks: gates.value as BeadStatus['checks'], ...(trimmed ? { reason: trimmed } : {}) } };
  },
};

/**
 * The bead completion marker. The bead id is required but not compared with
 * the active bead; completion also needs LoopTroop's own test re-run.
 *
 * @example
 * safeParse('<BEAD_STATUS>\nbead_id: bead-2\nstatus: completed\nchecks: {tests: passed, lint: ok, typecheck: true, qualitative: 1}\n</BEAD_STATUS>', beadStatus).data
 * // { bead_id: 'bead-2', status: 'done', checks: { tests: 'pass', lint: 'pass', typecheck: 'pass', qualitative: 'pass' } }
 */
export const beadStatus = defineLoopTroopContract({
  name: 'looptroop.bead-status',
  schema: beadStatusSchema,
  tags: ['BEAD_STATUS'],
  genericWrappers: true,
  wrappers: ['bead_status', 'status_marker', 'marker'],
  keyMatching: 'loose',
  // LoopTroop ignores keys it does not read: Zod drops them without a record.
  extras: 'keep',
  aliases: {
    bead_id: ['id'],
    checks: ['gates', 'quality_gates'],
    reason: ['details', 'message'],
    'checks.tests': ['test'],
    'checks.lint': ['linter'],
    'checks.typecheck': ['typechecks', 'typescript'],
    'checks.qualitative': ['quality', 'qualitative_review', 'review'],
  },
  yaml: { nestedChildren: { checks: [...GATES] } },
  checks: [markerWords],
});
