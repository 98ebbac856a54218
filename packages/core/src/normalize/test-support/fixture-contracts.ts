/**
 * Contracts the normalization fixtures refer to by name, each modelled on an
 * artifact of the output-normalization seed (section 3).
 */
import { z } from 'zod';
import { toContract, type AnySchema, type Contract } from '../../contract/contract.js';
import { defineContract } from '../../contract/define-contract.js';

const PASS_FAIL = {
  map: {
    pass: ['pass', 'passed', 'ok', 'success', 'complete', 'completed', true, 1],
    fail: ['fail', 'failed', 'error', 'timeout', 'timedout', 'notrun', 'skipped', 'pending', false, 0],
  },
};

export const FIXTURE_CONTRACTS = {
  /** Tripwire candidates (erk): root alias, field aliases, extras stripped. The shipped one lives in @airlock/contracts. */
  erk: defineContract({
    name: 'erk.tripwire-candidates',
    schema: z.object({ candidates: z.array(z.object({ action: z.string().min(1), warning: z.string().min(1), target_doc_path: z.string().min(1) })) }),
    rootAliases: { candidates: ['tripwire_candidates'] },
    aliases: { 'candidates[].action': ['title', 'name', 'trigger_pattern'], 'candidates[].warning': ['description'] },
    extras: 'strip',
    paths: ['candidates[].target_doc_path'],
  }),

  /** PRD: nested wrapper, status catch-all, ticket id from context, epic and story ids. */
  prd: defineContract({
    name: 'fixture.prd',
    schema: z.object({
      schema_version: z.number().int().positive(),
      ticket_id: z.string(),
      status: z.enum(['draft', 'approved']),
      epics: z.array(
        z.object({
          id: z.string(),
          title: z.string(),
          user_stories: z.array(z.object({ id: z.string(), title: z.string(), acceptance_criteria: z.array(z.string()) })),
        }),
      ),
    }),
    wrappers: ['prd'],
    aliases: { user_stories: ['userstories', 'stories'], acceptance_criteria: ['acceptancecriteria'], schema_version: ['schemaversion'] },
    synonyms: { status: { map: { draft: [], approved: [] }, fallback: 'draft' } },
    ids: { epics: { format: 'EPIC-{n}' }, 'epics[].user_stories': { format: 'US-{i}-{n}' } },
    context: { ticket_id: 'ticket_id' },
    defaults: { schema_version: 1 },
  }),

  /** Interview question list: Q## ids, case-insensitive phases. */
  questions: defineContract({
    name: 'fixture.questions',
    schema: z.object({
      questions: z.array(z.object({ id: z.string(), phase: z.enum(['foundation', 'structure', 'assembly']), question: z.string() })),
    }),
    ids: { questions: { format: 'Q{n:2}' } },
  }),

  /** Bead completion marker: status buckets, pass/fail checks, gate key aliases. */
  bead_status: defineContract({
    name: 'fixture.bead-status',
    schema: z.object({
      status: z.enum(['done', 'error']),
      checks: z.object({
        tests: z.enum(['pass', 'fail']),
        lint: z.enum(['pass', 'fail']),
        typecheck: z.enum(['pass', 'fail']),
        qualitative: z.enum(['pass', 'fail']),
      }),
    }),
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
      tests: PASS_FAIL,
      lint: PASS_FAIL,
      typecheck: PASS_FAIL,
      qualitative: PASS_FAIL,
    },
  }),

  /** Relevant files: path normalization, defaults, count derived from the list. */
  relevant_files: defineContract({
    name: 'fixture.relevant-files',
    schema: z.object({
      file_count: z.number().int(),
      files: z.array(
        z.object({
          path: z.string(),
          relevance: z.enum(['high', 'medium', 'low']),
          likely_action: z.enum(['read', 'modify', 'create']),
          rationale: z.string(),
        }),
      ),
    }),
    wrappers: ['relevant_files_result', 'relevant_files', 'payload'],
    paths: ['files[].path'],
    defaults: { 'files[].relevance': 'medium', 'files[].likely_action': 'read' },
    derived: { file_count: { count: 'files' } },
  }),

  /** Vote scorecard: a total is the sum of its rubric parts. */
  scorecard: defineContract({
    name: 'fixture.scorecard',
    schema: z.object({
      drafts: z.array(z.object({ draft: z.string(), total_score: z.number(), rubric: z.array(z.object({ category: z.string(), score: z.number() })) })),
    }),
    derived: { 'drafts[].total_score': { sum: 'rubric[].score' } },
  }),

  /** Execution setup plan: step ids, titles copied from purpose, temp roots as paths, commands as a list. */
  setup_plan: defineContract({
    name: 'fixture.setup-plan',
    schema: z.object({
      status: z.literal('draft'),
      temp_roots: z.array(z.string()),
      commands: z.array(z.string()),
      steps: z.array(z.object({ id: z.string(), title: z.string(), purpose: z.string(), rationale: z.string() })),
    }),
    wrappers: ['execution_setup_plan', 'plan'],
    synonyms: { status: { map: { draft: ['planned', 'plan', 'review'] } } },
    paths: ['temp_roots[]'],
    ids: { steps: { format: 'setup-step-{n}' } },
    derived: { 'steps[].title': { copy: 'purpose' }, 'steps[].rationale': { copy: 'purpose' } },
  }),

  /** Bead blueprint: bead-{n} fills, -2/-3 suffixes for repeated ids. */
  beads: defineContract({
    name: 'fixture.beads',
    schema: z.object({ beads: z.array(z.object({ id: z.string(), title: z.string(), blocked_by: z.array(z.string()) })) }),
    aliases: { 'beads[].id': ['beadid', 'bead_id'] },
    ids: { beads: { format: 'bead-{n}', normalize: false, duplicates: 'suffix' } },
  }),

  /** Extras refused rather than stripped. */
  strict_extras: defineContract({
    name: 'fixture.strict-extras',
    schema: z.object({ title: z.string(), done: z.boolean(), estimate: z.number() }),
    extras: 'error',
  }),

  /** A schema whose root key is also a default wrapper name. */
  report: z.object({ result: z.object({ code: z.number() }) }),

  /** A record root: any key is data, so nothing is a wrapper. */
  settings: z.record(z.string(), z.object({ enabled: z.boolean() })),

  /** A bare schema: only the defaults apply. */
  bare: z.object({ title: z.string(), tags: z.array(z.string()), priority: z.enum(['low', 'high']) }),
} as const;

export type NormalizeFixtureContract = keyof typeof FIXTURE_CONTRACTS;

/** A fixture contract by name, resolved (bare schemas through `toContract`). */
export function fixtureContract(name: NormalizeFixtureContract): Contract<unknown> {
  return toContract(FIXTURE_CONTRACTS[name] as Contract<unknown> | AnySchema<unknown>);
}
