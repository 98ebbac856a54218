/**
 * The contract of generated run-log outputs: every artifact the generator
 * builds (review, interview, PRD, beads) satisfies it, in JSON or YAML. One
 * loose object with the common fields and the per-artifact lists optional,
 * so it stays a plain z.object (its keys feed candidate extraction).
 *
 * @example
 * benchContract.safeParse({ schema_version: 1, artifact: 'review', summary: 'ok', verdict: 'approve', issues: [] }).success // true
 */
import { z } from 'zod';

const finding = z.object({
  file: z.string(),
  line: z.number().int().nonnegative().nullable().optional(),
  severity: z.enum(['critical', 'major', 'minor']),
  message: z.string(),
  blocking: z.boolean().optional(),
});

const question = z.looseObject({
  id: z.string().regex(/^Q\d{2,}$/),
  phase: z.enum(['foundation', 'structure', 'assembly']),
  prompt: z.string(),
  answer_type: z.enum(['free_text', 'single_choice', 'multi_choice']),
  options: z.array(z.string()).optional(),
  answer: z.object({
    skipped: z.boolean(),
    free_text: z.string(),
    answered_by: z.string().optional(),
    answered_at: z.string().optional(),
  }),
});

const epic = z.looseObject({
  id: z.string(),
  title: z.string(),
  objective: z.string().optional(),
  user_stories: z.array(
    z.looseObject({ id: z.string(), title: z.string(), acceptance_criteria: z.array(z.string()).min(1) }),
  ),
});

const bead = z.looseObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  title: z.string(),
  prdRefs: z.array(z.string()),
  description: z.string(),
  dependencies: z.array(z.string()),
  acceptanceCriteria: z.array(z.string()),
  files: z.array(z.object({ path: z.string(), reason: z.string() })).optional(),
  estimate_hours: z.number().positive().optional(),
});

export const benchContract = z.looseObject({
  schema_version: z.number().int(),
  artifact: z.enum(['review', 'interview', 'prd', 'beads']),
  summary: z.string().optional(),
  verdict: z.enum(['approve', 'request_changes']).optional(),
  issues: z.array(finding).optional(),
  questions: z.array(question).optional(),
  epics: z.array(epic).optional(),
  beads: z.array(bead).optional(),
});

export type BenchArtifact = z.infer<typeof benchContract>;
