/**
 * The PRD artifact (output-normalization seed): status reduced to
 * draft/approved, an invalid schema_version replaced with 1, ticket id and
 * the approved interview's hash taken from the runtime context, epic and
 * user-story ids filled and de-duplicated, a nested `artifact: { prd: … }`
 * wrapper promoted, and the seed's key alias table.
 */
import { defineContract } from '@airlock/core';
import { z } from 'zod';

const strings = z.array(z.string());

const userStory = z.object({
  id: z.string().regex(/^US-\d+-\d+$/),
  title: z.string().min(1),
  acceptance_criteria: z.array(z.string()).min(1),
  implementation_steps: strings.optional(),
  verification: z.object({ required_commands: strings }).optional(),
});

const epic = z.object({
  id: z.string().regex(/^EPIC-\d+$/),
  title: z.string().min(1),
  objective: z.string().optional(),
  user_stories: z.array(userStory).min(1),
});

/** The PRD document. */
export const prdSchema = z.object({
  schema_version: z.number().int().positive(),
  ticket_id: z.string().min(1),
  artifact: z.literal('prd'),
  status: z.enum(['draft', 'approved']),
  source_interview: z.object({ content_sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  product: z.object({ problem_statement: z.string().min(1), target_users: strings }),
  scope: z.object({ in_scope: strings, out_of_scope: strings }),
  technical_requirements: z
    .object({
      architecture_constraints: strings.optional(),
      data_model: strings.optional(),
      api_contracts: strings.optional(),
      security_constraints: strings.optional(),
      performance_constraints: strings.optional(),
      reliability_constraints: strings.optional(),
      error_handling_rules: strings.optional(),
      tooling_assumptions: strings.optional(),
    })
    .optional(),
  epics: z.array(epic).min(1),
  risks: strings.optional(),
  approval: z.object({ approved_by: z.string(), approved_at: z.string() }).optional(),
});

const FROM_INTERVIEW = 'Canonicalized source_interview.content_sha256 from the approved Interview Results artifact.';

/**
 * The PRD contract. Context: `ticket_id`, and `interview_sha256` (the hash of the approved interview).
 *
 * @example
 * safeParse(text, prd, { context: { ticket_id: 'T-42', interview_sha256: sha } })
 */
export const prd = defineContract({
  name: 'looptroop.prd',
  schema: prdSchema,
  wrappers: ['prd'],
  // The seed's alias table; spellings that differ only in case or symbols match without being listed.
  aliases: {
    implementation_steps: ['steps'],
    user_stories: ['stories'],
    required_commands: ['commands'],
    source_interview: ['interview'],
  },
  synonyms: { status: { map: { draft: [], approved: [] }, fallback: 'draft' } },
  replaceInvalid: { schema_version: 1 },
  ids: { epics: { format: 'EPIC-{n}' }, 'epics[].user_stories': { format: 'US-{i}-{n}' } },
  context: { ticket_id: 'ticket_id', 'source_interview.content_sha256': 'interview_sha256' },
  defaults: { artifact: 'prd', schema_version: 1 },
  wording: [
    { rule: 'synonym_fallback', at: 'status', message: 'Normalized unsupported PRD status "{before}" to draft.' },
    { rule: 'invalid_value_replaced', at: 'schema_version', message: 'Normalized invalid schema_version to 1.' },
    { rule: 'context_canonicalized', at: 'ticket_id', message: 'Canonicalized ticket_id from {before} to {after}.' },
    { rule: 'context_canonicalized', at: 'source_interview.content_sha256', message: FROM_INTERVIEW },
    { rule: 'context_filled', at: 'source_interview.content_sha256', message: FROM_INTERVIEW },
    { rule: 'id_filled', at: 'epics[].id', message: 'Epic at index {index} was missing id. Filled with {after}.' },
    { rule: 'id_renumbered', at: 'epics[].id', message: 'Renumbered duplicate epic id {before} to {after}.' },
    { rule: 'id_filled', at: 'epics[].user_stories[].id', message: 'User story at epic {i}, index {index} was missing id. Filled with {after}.' },
    { rule: 'id_renumbered', at: 'epics[].user_stories[].id', message: 'Renumbered duplicate user story id {before} to {after}.' },
  ],
  yaml: {
    nestedChildren: { approval: ['approved_by', 'approved_at'], source_interview: ['content_sha256'], verification: ['required_commands'] },
  },
});
