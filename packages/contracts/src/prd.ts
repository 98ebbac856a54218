/**
 * The PRD artifact (LoopTroop PROM10b, spec §7): snake_case keys matched up to
 * case and separators, explicit wrappers (`prd`, `document`, `output`,
 * `result`, `data`; `artifact: { prd: … }` flattened), LoopTroop's silent
 * defaults, free-form epic and story ids (`US-1` stays; only missing or
 * duplicate ids are filled), and the ticket id and interview hash forced from
 * the runtime context.
 */
import type { ContractCheck, ContractDefinition } from '@airlock/core';
import { z } from 'zod';
import { interviewHashCheck, prdIdsCheck } from './prd-checks.js';
import { prdSchema, TECHNICAL_LISTS, type Prd } from './prd-schema.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

export { prdShape, prdSchema, type Prd } from './prd-schema.js';

const STRING_LISTS = ['target_users', 'in_scope', 'out_of_scope', 'risks', ...TECHNICAL_LISTS, 'implementation_steps', 'acceptance_criteria', 'required_commands'];

/**
 * The normalization every PRD-shaped artifact shares (the draft, the refined
 * PRD, the coverage revision): wrappers, LoopTroop's key aliases, lenient
 * string lists, the status and schema_version fallbacks, the ticket id.
 */
export function prdContractSpec<T extends Prd>(name: string, schema: z.ZodType<T>, checks: readonly ContractCheck<T>[]): ContractDefinition<T> {
  return {
    name,
    schema,
    // `artifact` only where it holds the document (`artifact: { prd: … }`); `artifact: prd` stays data.
    wrappers: ['prd', 'document', 'output', 'result', 'data', 'artifact'],
    replaceDefaultWrappers: true,
    keyMatching: 'loose',
    // LoopTroop ignores keys it does not know; Zod drops them without a record.
    extras: 'keep',
    aliases: {
      'epics[].id': ['epic_id'],
      'epics[].user_stories[].id': ['story_id'],
      // By path: the refinement's change items and gap resolutions read `title`/`name` their own way.
      'epics[].title': ['name'],
      'epics[].user_stories[].title': ['name'],
      'epics[].objective': ['goal'],
      'epics[].user_stories': ['stories'],
      implementation_steps: ['steps'],
      required_commands: ['commands'],
    },
    strings: Object.fromEntries(STRING_LISTS.map((key) => [key, { list: true }])),
    synonyms: { status: { map: { draft: [], approved: [] }, fallback: 'draft' } },
    replaceInvalid: { schema_version: 1 },
    context: { ticket_id: 'ticket_id' },
    wording: [
      { rule: 'synonym_fallback', at: 'status', message: 'Normalized unsupported PRD status "{before}" to draft.' },
      { rule: 'invalid_value_replaced', at: 'schema_version', message: 'Normalized invalid schema_version to 1.' },
      { rule: 'context_canonicalized', at: 'ticket_id', message: 'Canonicalized ticket_id from {before} to {after}.' },
      { rule: 'context_filled', at: 'ticket_id', message: 'Filled missing ticket_id from runtime context.' },
    ],
    yaml: {
      nestedChildren: {
        source_interview: ['content_sha256'],
        product: ['problem_statement', 'target_users'],
        scope: ['in_scope', 'out_of_scope'],
        technical_requirements: [...TECHNICAL_LISTS],
        approval: ['approved_by', 'approved_at'],
      },
      listPrimaryKeys: { epics: 'id', user_stories: 'id' },
      wrapperKeys: ['verification'],
    },
    checks,
  };
}

/**
 * A PRD read without the interview: the shape, defaults and ids only. The
 * refinement checks read the winning draft with it.
 *
 * @example
 * safeParse(winnerDraftText, prdDraft).data?.epics[0]?.id // 'EPIC-1'
 */
export const prdDraft = defineLoopTroopContract(prdContractSpec('looptroop.prd-draft', prdSchema, [prdIdsCheck()]));

/**
 * The PRD contract. Context: `ticket_id` and `interview` (the approved
 * interview YAML text; `source_interview.content_sha256` is its sha256, and an
 * interview that is not YAML refuses the PRD).
 *
 * @example
 * safeParse('product:\n  problem_statement: Faster login\nepics:\n  - title: Auth\n    objective: Sign in\n    user_stories:\n      - id: US-1\n        title: Password login\n', prd, { context: { ticket_id: 'T-42', interview: interviewYaml } }).data
 * // { schema_version: 1, ticket_id: 'T-42', artifact: 'prd', status: 'draft', source_interview: { content_sha256: '…' },
 * //   …, epics: [{ id: 'EPIC-1', title: 'Auth', …, user_stories: [{ id: 'US-1', title: 'Password login', acceptance_criteria: [], … }] }], … }
 */
export const prd = defineLoopTroopContract(prdContractSpec('looptroop.prd', prdSchema, [prdIdsCheck(), interviewHashCheck()]));
