/**
 * Checks of the execution setup artifacts: what LoopTroop's parser decides
 * after reading the fields. The words it maps silently (statuses, artifact
 * name, hook policy, tool status) are canonicalized without a record; paths
 * are trimmed to forward slashes without `./` and temp roots deduplicated, as
 * LoopTroop stores them; everything else it refuses, these refuse too.
 */
import type { ContractCheck } from '@airlock/core';
import { bucketOf, gateValues, looseWord, setupPath, type Vocabulary } from './bead-status-gates.js';
import type { ExecutionSetupPlan, ExecutionSetupProfile, ExecutionSetupResult } from './execution-setup-schema.js';

type Issue = { path: string; message: string };
type Header = Pick<ExecutionSetupPlan, 'artifact' | 'status' | 'temp_roots' | 'git_hooks'>;

const HOOK_POLICY: Vocabulary<'validate_explicitly' | 'use_on_internal_commits' | 'ignore_internal_only'> = {
  validate_explicitly: ['validateexplicitly', ''],
  use_on_internal_commits: ['useoninternalcommits'],
  ignore_internal_only: ['ignoreinternalonly'],
};

const READY: Vocabulary<'ready'> = { ready: ['ready', 'ok', 'complete', 'completed', 'success', 'succeeded'] };

const READINESS: Vocabulary<'ready' | 'partial' | 'missing'> = {
  ready: ['ready', 'complete', 'completed', 'ok'],
  partial: ['partial', 'needssetup', 'incomplete'],
  missing: ['missing', 'notready', 'uninitialized'],
};

const TOOL_STATUS: Vocabulary<'available' | 'provisioned' | 'failed' | 'not_provisionable'> = {
  available: ['available'],
  provisioned: ['provisioned', 'prepared'],
  failed: ['failed', 'fail', 'error'],
  not_provisionable: ['notprovisionable', 'notpossible', 'nosafepath', 'unsupported'],
};

/**
 * The fields the plan and the profile share, canonicalized: artifact name,
 * status (by the artifact's own vocabulary), temp roots, hook policy and hooks.
 */
function sharedHeader<T extends Header>(value: T, artifact: string, statuses: Vocabulary<string>, at: string, issues: Issue[]): T {
  if (looseWord(value.artifact) !== looseWord(artifact)) issues.push({ path: `${at}artifact`, message: `Execution setup artifact must be ${artifact} (received ${value.artifact})` });
  const status = bucketOf(value.status, statuses);
  if (status === undefined) issues.push({ path: `${at}status`, message: `Invalid execution setup status: ${value.status}` });
  const hooks = value.git_hooks;
  const policy = bucketOf(hooks.policy ?? '', HOOK_POLICY);
  if (policy === undefined) issues.push({ path: `${at}git_hooks.policy`, message: `Invalid Git hook policy: ${hooks.policy}` });
  const detected = hooks.detected.map((hook) => ({ ...hook, path: setupPath(hook.path), executable: Boolean(hook.executable) }));
  return {
    ...value,
    artifact,
    status: status ?? value.status,
    temp_roots: [...new Set(value.temp_roots.map(setupPath))],
    git_hooks: { ...hooks, policy: policy ?? hooks.policy, detected },
  };
}

/** Readiness as LoopTroop derives and checks it against the steps and workspace inputs. */
function readinessOf(plan: ExecutionSetupPlan, issues: Issue[]): NonNullable<ExecutionSetupPlan['readiness']> {
  const work = plan.steps.length > 0 || plan.workspace_inputs.length > 0;
  const given = plan.readiness;
  const status = given?.status === undefined ? (work ? 'partial' : 'ready') : bucketOf(given.status, READINESS);
  if (status === undefined) {
    issues.push({ path: 'readiness.status', message: `Invalid execution setup readiness status: ${given!.status}` });
    return given!;
  }
  const actions = given?.actions_required ?? status !== 'ready';
  const readiness = { status, actions_required: actions, evidence: given?.evidence ?? [], gaps: given?.gaps ?? [] };
  const refuse = (message: string) => issues.push({ path: 'readiness', message });
  if (status === 'ready') {
    if (actions) refuse('Execution setup plan readiness cannot be ready when actions_required is true');
    if (readiness.gaps.length > 0) refuse('Execution setup plan readiness cannot list gaps when status is ready');
    if (work) refuse('Execution setup plan cannot include setup steps or workspace inputs when readiness is ready');
  } else {
    if (!actions) refuse('Execution setup plan readiness must require actions unless status is ready');
    if (!work) refuse('Execution setup plan requires at least one setup step or workspace input when actions are required');
  }
  return readiness;
}

/** Workspace inputs: kind and source status exactly as LoopTroop spells them (case-sensitive). */
function workspaceInputs(plan: ExecutionSetupPlan, issues: Issue[]): ExecutionSetupPlan['workspace_inputs'] {
  return plan.workspace_inputs.map((input, index) => {
    if (input.kind !== 'file' && input.kind !== 'directory') issues.push({ path: `workspace_inputs[${index}].kind`, message: `workspace_inputs[${index}].kind must be file or directory` });
    if (input.source_status !== 'ignored' && input.source_status !== 'untracked') {
      issues.push({ path: `workspace_inputs[${index}].source_status`, message: `workspace_inputs[${index}].source_status must be ignored or untracked` });
    }
    return { ...input, path: setupPath(input.path) };
  });
}

/** The plan's statuses, paths, readiness and workspace inputs; a step's `required` is JS-truthy ("false" counts). */
export const planCheck: ContractCheck<ExecutionSetupPlan> = {
  name: 'execution setup plan',
  run(plan) {
    const issues: Issue[] = [];
    const header = sharedHeader(plan, 'execution_setup_plan', { draft: ['draft', 'planned', 'plan', 'review'] }, '', issues);
    const inputs = workspaceInputs(plan, issues);
    const readiness = readinessOf(plan, issues);
    if (issues.length > 0) return { issues };
    const steps = plan.steps.map((s) => ({ ...s, required: Boolean(s.required ?? false) }));
    return { value: { ...header, readiness, workspace_inputs: inputs, steps } };
  },
};

function profileOf(profile: ExecutionSetupProfile, issues: Issue[]): ExecutionSetupProfile {
  const header = sharedHeader(profile, 'execution_setup_profile', READY, 'profile.', issues);
  const tools = profile.tool_requirements?.map((tool, index) => {
    const status = bucketOf(tool.status, TOOL_STATUS);
    if (status === undefined) issues.push({ path: `profile.tool_requirements[${index}].status`, message: `Invalid execution setup tool requirement status: ${tool.status}` });
    return { ...tool, status: status ?? tool.status };
  });
  const artifacts = profile.reusable_artifacts.map((a) => ({ ...a, path: setupPath(a.path) }));
  return { ...header, ...(tools !== undefined && { tool_requirements: tools }), reusable_artifacts: artifacts };
}

/** The result's statuses and profile; the four checks are gates and must all pass for the setup to count. */
export const resultCheck: ContractCheck<ExecutionSetupResult> = {
  name: 'execution setup result',
  run(result) {
    const issues: Issue[] = [];
    const status = bucketOf(result.status, READY);
    if (status === undefined) issues.push({ path: 'status', message: `Invalid execution setup status: ${result.status}` });
    const profile = profileOf(result.profile, issues);
    const gates = gateValues(result.checks, 'checks');
    issues.push(...gates.issues);
    for (const [gate, value] of Object.entries(gates.value)) {
      if (value !== 'pass') issues.push({ path: `checks.${gate}`, message: `Execution setup check ${gate} did not pass (${value})` });
    }
    if (issues.length > 0) return { issues };
    return { value: { ...result, status: status!, profile, checks: gates.value as ExecutionSetupResult['checks'] } };
  },
};
