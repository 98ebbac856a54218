/**
 * The vote scorecard (output-normalization seed): a council member scores
 * each draft on a rubric. Draft labels are normalized to `Draft N`, and a
 * total is filled or recomputed from the rubric rows (arithmetic is a
 * deterministic source).
 */
import { defineContract } from '@airlock/core';
import { z } from 'zod';

const rubricRow = z.object({
  category: z.string().min(1),
  score: z.number().nonnegative(),
  max: z.number().positive().optional(),
  justification: z.string().optional(),
});

const scorecard = z.object({ rubric: z.array(rubricRow).min(1), total_score: z.number().nonnegative() });

/** Scores by draft label (`Draft 1`, `Draft 2`, …). */
export const voteScorecardSchema = z.object({
  draft_scores: z.record(z.string().regex(/^Draft \d+$/, 'Expected a "Draft N" label.'), scorecard),
});

/**
 * The vote scorecard.
 *
 * @example
 * safeParse('{"scores":{"draft1":{"rubric":[{"category":"coverage","score":20},{"category":"clarity","score":18}]}}}', voteScorecard).data
 * // { draft_scores: { 'Draft 1': { rubric: [...], total_score: 38 } } }
 */
export const voteScorecard = defineContract({
  name: 'looptroop.vote-scorecard',
  schema: voteScorecardSchema,
  rootAliases: { draft_scores: ['scores', 'scorecard', 'scorecards'] },
  aliases: { rubric: ['categories', 'dimensions'], total_score: ['total'] },
  recordKeys: { draft_scores: 'Draft {n}' },
  // Models indent the scorecards one level too shallow under these keys; the YAML repair re-indents them.
  yaml: { wrapperKeys: ['draft_scores', 'scores', 'scorecard'] },
  derived: { 'draft_scores.*.total_score': { sum: 'rubric[].score' } },
  wording: [
    { rule: 'derived_filled', at: 'draft_scores.*.total_score', message: 'Filled missing total_score for {parent} from rubric category totals.' },
    { rule: 'derived_recomputed', at: 'draft_scores.*.total_score', message: 'Recomputed total_score for {parent}: expected {after}, received {before}.' },
    { rule: 'record_key_normalized', message: 'Normalized draft label "{before}" to "{after}".' },
  ],
});
