/**
 * Execution setup artifacts (output-normalization seed): the plan, in an
 * `<EXECUTION_SETUP_PLAN>` envelope, and the result with its environment
 * profile, in `<EXECUTION_SETUP_RESULT>`. Statuses and readiness go to their
 * buckets, paths to forward-slash form without a leading `./`, and a plan
 * step may take its id from its list position and its title and rationale
 * from its purpose.
 */
import { defineContract } from '@airlock/core';
import { z } from 'zod';

const step = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  purpose: z.string().min(1),
  rationale: z.string().min(1),
  commands: z.array(z.string().min(1)),
});

/** The setup plan. */
export const executionSetupPlanSchema = z.object({
  status: z.literal('draft'),
  summary: z.string().optional(),
  temp_roots: z.array(z.string().min(1)),
  steps: z.array(step).min(1),
});

/** The plan's wording of a step field filled from local context. */
const stepFilled = (field: 'title' | 'rationale') => ({
  rule: 'field_copied',
  at: `steps[].${field}`,
  message: `Filled missing execution setup plan step ${field} at index {index} from existing purpose text.`,
});

/**
 * The execution setup plan.
 *
 * @example
 * safeParse('<EXECUTION_SETUP_PLAN>\nstatus: planned\ntemp_roots: [".\\\\tmp\\\\build"]\nsteps:\n  - purpose: Install dependencies\n    commands: npm ci\n</EXECUTION_SETUP_PLAN>', executionSetupPlan).data
 * // { status: 'draft', temp_roots: ['tmp/build'], steps: [{ id: 'setup-step-1', title: 'Install dependencies', purpose: …, rationale: …, commands: ['npm ci'] }] }
 */
export const executionSetupPlan = defineContract({
  name: 'looptroop.execution-setup-plan',
  schema: executionSetupPlanSchema,
  tags: ['EXECUTION_SETUP_PLAN'],
  wrappers: ['execution_setup_plan', 'plan'],
  aliases: { purpose: ['goal'] },
  synonyms: { status: { map: { draft: ['planned', 'plan', 'review'] } } },
  paths: ['temp_roots[]'],
  ids: { steps: { format: 'setup-step-{n}' } },
  derived: { 'steps[].title': { copy: 'purpose' }, 'steps[].rationale': { copy: 'purpose' } },
  wording: [
    { rule: 'id_filled', at: 'steps[].id', message: 'Filled missing execution setup plan step id at index {index} from list position.' },
    stepFilled('title'),
    stepFilled('rationale'),
  ],
});

const tool = z.object({
  name: z.string().min(1),
  status: z.enum(['available', 'provisioned', 'failed', 'not_provisionable']),
  version: z.string().optional(),
});

/** The setup result with the environment profile it produced. */
export const executionSetupResultSchema = z.object({
  status: z.enum(['ready', 'failed']),
  profile: z.object({
    status: z.enum(['ready', 'failed']),
    readiness: z.enum(['ready', 'partial', 'missing']),
    temp_roots: z.array(z.string().min(1)),
    tools: z.array(tool),
    reusable_artifacts: z.array(z.object({ path: z.string().min(1), purpose: z.string().optional() })),
  }),
  notes: z.string().optional(),
});

const READY = { map: { ready: ['ok', 'complete', 'completed', 'success', 'succeeded'], failed: ['fail', 'error'] } };

/**
 * The execution setup result.
 *
 * @example
 * safeParse(text, executionSetupResult).data.profile.readiness // 'missing' for an emitted `needsSetup`
 */
export const executionSetupResult = defineContract({
  name: 'looptroop.execution-setup-result',
  schema: executionSetupResultSchema,
  tags: ['EXECUTION_SETUP_RESULT'],
  wrappers: ['execution_setup_result'],
  aliases: { reusable_artifacts: ['artifacts'], tools: ['tool_requirements'] },
  synonyms: {
    status: READY,
    'profile.status': READY,
    'profile.readiness': { map: { partial: ['incomplete', 'partially_ready'], missing: ['needssetup', 'notready', 'uninitialized', 'absent'] } },
    'profile.tools[].status': {
      map: { provisioned: ['prepared'], failed: ['fail', 'error'], not_provisionable: ['notprovisionable', 'notpossible', 'nosafepath', 'unsupported'] },
    },
  },
  paths: ['profile.temp_roots[]', 'profile.reusable_artifacts[].path'],
});
