/**
 * The Manual QA checklist (LoopTroop §16), in a `<MANUAL_QA_CHECKLIST>`
 * envelope. Unlike LoopTroop's other artifacts it is strict: unknown keys
 * refuse, and the only renames are the eight snake_case keys the model
 * writes, each to its camelCase field (recorded, as LoopTroop warns). The
 * checks hold it against the PRD criteria and the previous round when the
 * caller gives them (`prd_criteria`, `previous_checklist`, `previous_results`).
 */
import type { ContractCheck } from '@airlock/core';
import { z } from 'zod';
import { nonBlank } from './bead-status-gates.js';
import { checklistCheck, type ManualQaChecklistValue } from './manual-qa-checks.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

/** Lineage ids, prior item ids and bead refs. */
const qaId = z
  .string()
  .max(160)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'Expected an id of letters, digits, ".", "_", ":" or "-", starting with a letter or digit.');

const item = z.strictObject({
  lineageId: qaId,
  priorItemIds: z.array(qaId).default([]),
  title: nonBlank.max(500),
  source: z.enum(['prd', 'bead', 'previous_qa', 'implementation_diff']),
  behavior: nonBlank,
  severity: z.enum(['required', 'optional']),
  recheckState: z.enum(['new', 'pending_recheck', 'previously_passed']),
  prerequisites: z.array(z.string()).default([]),
  actions: z.array(nonBlank).min(1),
  expectedResult: nonBlank,
  watchNotes: z.array(z.string()).default([]),
  beadRefs: z.array(qaId).default([]),
  prdRefs: z.array(z.strictObject({ ref: nonBlank, coverage: z.enum(['full', 'partial']) })).default([]),
});

/** The checklist the model writes, with its keys in camelCase. */
export const manualQaChecklistSchema = z.strictObject({
  summary: nonBlank,
  notApplicablePrdRefs: z.array(z.strictObject({ ref: nonBlank, reason: nonBlank })),
  items: z.array(item).min(1),
});

export type ManualQaChecklist = z.infer<typeof manualQaChecklistSchema>;

/** The snake_case spellings LoopTroop accepts, by camelCase field. */
const SNAKE_CASE = ['lineageId', 'priorItemIds', 'recheckState', 'expectedResult', 'watchNotes', 'beadRefs', 'prdRefs', 'notApplicablePrdRefs'];
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The Manual QA checklist.
 *
 * @example
 * safeParse(text, manualQaChecklist, { context: { prd_criteria: [{ ref: 'EPIC-1/US-1/AC-1' }] } }).data.items[0].lineageId // 'save-form'
 */
export const manualQaChecklist = defineLoopTroopContract({
  name: 'looptroop.manual-qa-checklist',
  schema: manualQaChecklistSchema,
  tags: ['MANUAL_QA_CHECKLIST'],
  extras: 'error',
  aliases: Object.fromEntries(SNAKE_CASE.map((key) => [key, [snake(key)]])),
  wording: [{ rule: 'key_aliased', message: 'Normalized YAML key alias {before} to {after}.' }],
  checks: [checklistCheck as ContractCheck<ManualQaChecklist>],
});
