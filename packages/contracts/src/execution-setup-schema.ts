/**
 * Schemas of LoopTroop's execution setup artifacts (§12 plan, §13 result and
 * its environment profile), snake_case as the agent writes them. Fields
 * LoopTroop fills without a warning carry Zod defaults; words LoopTroop maps
 * silently (statuses, the artifact name, hook policy) are strings here and
 * canonicalized by the checks in `execution-setup-checks.ts`.
 */
import { z } from 'zod';
import { gateInput, looseEnum, nonBlank } from './bead-status-gates.js';

const text = nonBlank;
const list = z.array(z.string()).default([]);

/** JS-truthy in LoopTroop (`Boolean(value)`): kept as written until the checks read it. */
const truthy = z.union([z.boolean(), z.string(), z.number(), z.null()]).optional();

const projectCommands = z.object({ prepare: list, test_full: list, lint_full: list, typecheck_full: list });

const qualityGatePolicy = z.object({ tests: text, lint: text, typecheck: text, full_project_fallback: text });

const workspaceProbe = z.object({ id: text, command: text, purpose: text });

const DEFAULT_HOOKS = { policy: 'validate_explicitly', detected: [], validation_commands: [] };

const gitHooks = z.object({
  policy: looseEnum(['validate_explicitly', 'use_on_internal_commits', 'ignore_internal_only']).optional(),
  detected: z.array(z.object({ name: text, path: text, source: text, executable: truthy, manager_hint: z.string().optional() })).default([]),
  validation_commands: z.array(z.object({ id: text, hook: text, command: text, purpose: text })).default([]),
});

/** The fields the plan and the profile share. */
const header = (artifact: string, status: string) => ({
  schema_version: z.number().int().min(1),
  ticket_id: text,
  artifact: looseEnum([artifact]),
  status: looseEnum([status]),
  summary: text,
  temp_roots: z.array(text).min(1),
  workspace_probes: z.array(workspaceProbe).default([]),
  git_hooks: gitHooks.default(DEFAULT_HOOKS),
  project_commands: projectCommands,
  quality_gate_policy: qualityGatePolicy,
  cautions: list,
});

const step = z.object({
  id: text,
  title: text,
  purpose: text,
  rationale: text,
  commands: list,
  required: truthy,
  cautions: list,
});

/** Kind and source status are exact in LoopTroop (case-sensitive): strings here, refused by the check unless exact. */
const workspaceInput = z.object({ path: text, kind: looseEnum(['file', 'directory']), source_status: looseEnum(['ignored', 'untracked']), reason: text });

/** The setup plan as the agent writes it. */
export const executionSetupPlanSchema = z.object({
  ...header('execution_setup_plan', 'draft'),
  readiness: z.object({ status: looseEnum(['partial', 'ready', 'missing']).optional(), actions_required: z.boolean().optional(), evidence: list, gaps: list }).optional(),
  workspace_inputs: z.array(workspaceInput).default([]),
  steps: z.array(step).default([]),
});

export type ExecutionSetupPlan = z.infer<typeof executionSetupPlanSchema>;

const provisioningAttempt = z.object({ strategy: text, commands: list, result: text, reason: z.string().default('') });

const toolRequirement = z.object({
  launcher: text,
  required_by: list,
  status: looseEnum(['available', 'provisioned', 'failed', 'not_provisionable']),
  provisioning_attempts: z.array(provisioningAttempt).default([]),
  missing_probe: z.string().default(''),
  final_probe: z.string().default(''),
  failure_reason: z.string().default(''),
});

/** The environment profile inside a setup result (its workspace inputs come from the approved plan). */
const profile = z.object({
  ...header('execution_setup_profile', 'ready'),
  bootstrap_commands: list,
  tooling_probe_commands: list,
  tool_requirements: z.array(toolRequirement).optional(),
  reusable_artifacts: z.array(z.object({ path: text, kind: text, purpose: text })).default([]),
});

/** The setup result as the agent writes it. */
export const executionSetupResultSchema = z.object({
  status: looseEnum(['ready']),
  summary: text,
  profile,
  checks: z.object({ workspace: gateInput, tooling: gateInput, temp_scope: gateInput, policy: gateInput }),
});

export type ExecutionSetupResult = z.infer<typeof executionSetupResultSchema>;
export type ExecutionSetupProfile = ExecutionSetupResult['profile'];

/** Aliases LoopTroop reads in both artifacts (keys also match up to case and separators). */
export const SHARED_ALIASES: Readonly<Record<string, readonly string[]>> = {
  schema_version: ['version'],
  summary: ['reason'],
  temp_roots: ['temp_root'],
  project_commands: ['commands'],
  quality_gate_policy: ['quality_policy'],
  cautions: ['warnings', 'notes'],
  prepare: ['bootstrap', 'setup'],
  test_full: ['tests'],
  lint_full: ['lint'],
  typecheck_full: ['typecheck'],
  detected: ['detected_hooks'],
  validation_commands: ['commands'],
  manager_hint: ['manager'],
};

/** List places read as lenient string lists (a multi-line string becomes its lines). */
export const COMMAND_LISTS = ['prepare', 'test_full', 'lint_full', 'typecheck_full', 'cautions', 'temp_roots'] as const;
