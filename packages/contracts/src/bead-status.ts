/**
 * The bead completion marker (output-normalization seed), sent in a
 * `<BEAD_STATUS>` envelope: status and quality-gate values are reduced to
 * their buckets through the seed's tables, gate keys accept their aliases,
 * and any other gate value is kept, lowercased.
 */
import { defineContract } from '@airlock/core';
import { z } from 'zod';

const PASS_FAIL = {
  map: {
    pass: ['pass', 'passed', 'ok', 'success', 'complete', 'completed', true, 1],
    fail: ['fail', 'failed', 'error', 'timeout', 'timedout', 'notrun', 'skipped', 'pending', false, 0],
  },
};

const GATES = ['tests', 'lint', 'typecheck', 'qualitative'] as const;

/** A gate value: `pass`, `fail`, or another lowercase word the agent used. */
const gate = z.string().min(1).regex(/^[^A-Z]*$/, 'Expected a lowercase gate value.');

/** The completion marker. */
export const beadStatusSchema = z.object({
  bead_id: z.string().optional(),
  status: z.enum(['done', 'error']),
  checks: z.object({ tests: gate, lint: gate, typecheck: gate, qualitative: gate }),
  reason: z.string().optional(),
});

/**
 * The bead completion marker.
 *
 * @example
 * safeParse('<BEAD_STATUS>\nstatus: completed\nchecks: {test: passed, linter: ok, type-check: true, review: 1}\n</BEAD_STATUS>', beadStatus).data
 * // { status: 'done', checks: { tests: 'pass', lint: 'pass', typecheck: 'pass', qualitative: 'pass' } }
 */
export const beadStatus = defineContract({
  name: 'looptroop.bead-status',
  schema: beadStatusSchema,
  tags: ['BEAD_STATUS'],
  wrappers: ['beadstatus', 'bead_status', 'statusmarker', 'marker'],
  aliases: {
    'checks.tests': ['test'],
    'checks.lint': ['linter'],
    'checks.typecheck': ['type_check', 'type-check', 'typechecks', 'typescript'],
    'checks.qualitative': ['quality', 'qualitativereview', 'qualitative_review', 'review'],
  },
  synonyms: {
    status: { map: { done: ['completed', 'complete', 'success', 'succeeded'], error: ['failed', 'fail'] } },
    ...Object.fromEntries(GATES.map((name) => [`checks.${name}`, PASS_FAIL])),
  },
  strings: Object.fromEntries(GATES.map((name) => [`checks.${name}`, { lowercase: true }])),
  yaml: { nestedChildren: { checks: [...GATES] } },
});
