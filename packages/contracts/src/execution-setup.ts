/**
 * Execution setup artifacts (LoopTroop §12, §13): the plan, in an
 * `<EXECUTION_SETUP_PLAN>` envelope (any one-key root is a wrapper), and the
 * result with its environment profile, in `<EXECUTION_SETUP_RESULT>`
 * (explicit wrappers only). Both are snake_case; `ticket_id` is required and
 * never filled from the runtime. A plan step may take its id from its list
 * position and its title and rationale from its purpose, recorded in
 * LoopTroop's words; the rest of what LoopTroop does silently is silent here.
 */
import type { Wording } from '@airlock/core';
import { planCheck, resultCheck } from './execution-setup-checks.js';
import { COMMAND_LISTS, executionSetupPlanSchema, executionSetupResultSchema, SHARED_ALIASES } from './execution-setup-schema.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

export { executionSetupPlanSchema, executionSetupResultSchema } from './execution-setup-schema.js';
export type { ExecutionSetupPlan, ExecutionSetupResult } from './execution-setup-schema.js';

/** The plan's wording of a step field filled from local context. */
const stepFilled = (field: 'title' | 'rationale'): Wording => ({
  rule: 'field_copied',
  at: `steps[].${field}`,
  message: `Filled missing execution setup plan step ${field} at index {index} from existing purpose text.`,
});

const LISTS = Object.fromEntries(COMMAND_LISTS.map((place) => [place, { list: true }]));

/**
 * The execution setup plan.
 *
 * @example
 * safeParse(planText, executionSetupPlan).data.steps[0]
 * // { id: 'setup-step-1', title: 'Install dependencies', purpose: 'Install dependencies', rationale: 'Install dependencies', commands: ['npm ci'], required: true, cautions: [] }
 */
export const executionSetupPlan = defineLoopTroopContract({
  name: 'looptroop.execution-setup-plan',
  schema: executionSetupPlanSchema,
  tags: ['EXECUTION_SETUP_PLAN'],
  genericWrappers: true,
  wrappers: ['execution_setup_plan', 'plan'],
  keyMatching: 'loose',
  // LoopTroop ignores keys it does not read: Zod drops them without a record.
  extras: 'keep',
  aliases: {
    ...SHARED_ALIASES,
    readiness: ['environment_readiness'],
    evidence: ['signals', 'findings'],
    gaps: ['missing', 'missing_work'],
    steps: ['plan_steps'],
    'steps[].purpose': ['goal'],
    'steps[].title': ['name'],
    'steps[].rationale': ['reason'],
    'steps[].commands': ['command'],
    'steps[].required': ['is_required'],
    'workspace_inputs[].kind': ['type'],
    'workspace_inputs[].source_status': ['status'],
    'workspace_inputs[].reason': ['rationale'],
  },
  strings: { ...LISTS, 'steps[].commands': { list: true }, evidence: { list: true }, gaps: { list: true } },
  ids: { steps: { format: 'setup-step-{n}', normalize: false } },
  derived: { 'steps[].title': { copy: 'purpose' }, 'steps[].rationale': { copy: 'purpose' } },
  wording: [
    { rule: 'id_filled', at: 'steps[].id', message: 'Filled missing execution setup plan step id at index {index} from list position.' },
    stepFilled('title'),
    stepFilled('rationale'),
  ],
  checks: [planCheck],
});

/**
 * The execution setup result; it counts only when all four checks pass.
 *
 * @example
 * safeParse(resultText, executionSetupResult).data.checks
 * // { workspace: 'pass', tooling: 'pass', temp_scope: 'pass', policy: 'pass' }
 */
export const executionSetupResult = defineLoopTroopContract({
  name: 'looptroop.execution-setup-result',
  schema: executionSetupResultSchema,
  tags: ['EXECUTION_SETUP_RESULT'],
  wrappers: ['execution_setup_result', 'result', 'output', 'data'],
  replaceDefaultWrappers: true,
  keyMatching: 'loose',
  extras: 'keep',
  aliases: {
    ...SHARED_ALIASES,
    bootstrap_commands: ['bootstrap'],
    tooling_probe_commands: ['tooling_probes', 'probe_commands', 'verification_commands'],
    tool_requirements: ['tool_requirement', 'tooling_requirements', 'required_tools'],
    reusable_artifacts: ['artifacts'],
    launcher: ['tool'],
    required_by: ['required_for', 'required_commands'],
    provisioning_attempts: ['provision_attempts', 'attempts'],
    strategy: ['approach'],
    'profile.tool_requirements[].provisioning_attempts[].result': ['outcome'],
    missing_probe: ['probe', 'discovery_probe'],
    final_probe: ['verification_probe', 'probe_command'],
    failure_reason: ['blocker'],
    'profile.reusable_artifacts[].kind': ['type'],
    'profile.reusable_artifacts[].purpose': ['reason'],
  },
  strings: { ...LISTS, bootstrap_commands: { list: true }, tooling_probe_commands: { list: true }, required_by: { list: true } },
  checks: [resultCheck],
});
