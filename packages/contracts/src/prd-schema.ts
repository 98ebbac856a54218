/**
 * The PRD's wire schema (LoopTroop spec §7): snake_case keys, LoopTroop's
 * silent defaults, free-form ids. Its own file, so the checks can name its
 * type without importing the contract that uses them.
 */
import { z } from 'zod';

/** A lenient string list: LoopTroop fills a missing one with `[]` without a warning. */
const list = z.array(z.string()).default([]);

const userStory = z.object({
  /** Any string is kept; an empty id is filled by the ids check (`US-<epic#>-<story#>`). */
  id: z.string().default(''),
  title: z.string().min(1),
  acceptance_criteria: list,
  implementation_steps: list,
  verification: z.object({ required_commands: list }).prefault({}),
});

const epic = z.object({
  /** Any string is kept; an empty id is filled by the ids check (`EPIC-<position>`). */
  id: z.string().default(''),
  title: z.string().min(1),
  objective: z.string().min(1),
  implementation_steps: list,
  user_stories: z.array(userStory).min(1),
});

export const TECHNICAL_LISTS = [
  'architecture_constraints',
  'data_model',
  'api_contracts',
  'security_constraints',
  'performance_constraints',
  'reliability_constraints',
  'error_handling_rules',
  'tooling_assumptions',
] as const;

/** The fields of a PRD document; the refinement contracts extend them with `changes` and `gap_resolutions`. */
export const prdShape = {
  schema_version: z.number().int().positive().default(1),
  ticket_id: z.string().min(1),
  artifact: z.literal('prd').default('prd'),
  status: z.enum(['draft', 'approved']).default('draft'),
  /** Forced by the interview-hash check; the model's value is ignored. */
  source_interview: z.object({ content_sha256: z.string().default('') }).prefault({}),
  product: z.object({ problem_statement: z.string().min(1), target_users: list }),
  scope: z.object({ in_scope: list, out_of_scope: list }).prefault({}),
  technical_requirements: z.object(Object.fromEntries(TECHNICAL_LISTS.map((k) => [k, list])) as Record<(typeof TECHNICAL_LISTS)[number], typeof list>).prefault({}),
  epics: z.array(epic).min(1),
  risks: list,
  approval: z.object({ approved_by: z.string().default(''), approved_at: z.string().default('') }).prefault({}),
};

/** The PRD document. */
export const prdSchema = z.object(prdShape);
export type Prd = z.output<typeof prdSchema>;
