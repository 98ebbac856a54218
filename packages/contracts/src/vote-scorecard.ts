/**
 * The vote scorecard (LoopTroop PROM2/11/21): a council member scores each
 * anonymized draft on the phase rubric. The wire is a flat map,
 * `draft_scores: {"Draft 1": {<category>: 0–20, total_score}}`, read against
 * the voter's draft labels and the rubric's category names (context
 * `draft_labels`, `rubric_categories`).
 *
 * The scores are read by a check, not coerced by the schema: LoopTroop
 * refuses a quoted or fractional score, which a number schema would coerce.
 */
import type { CheckNote, CheckOutcome } from '@airlock/core';
import { z } from 'zod';
import { isRecord, valueByKey } from './beads-fields.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

/** One draft's scores as written: category keys (any spelling) → values. */
const draftScores = z.record(z.string(), z.unknown());

/** The scorecard: draft label → category name → integer score, with `total_score`. */
export const voteScorecardSchema = z.union([
  z.object({ draft_scores: z.record(z.string(), draftScores) }),
  // LoopTroop reads a root without `draft_scores` as the draft map itself.
  z.record(z.string(), draftScores),
]);

/** The scorecard as the contract returns it. */
export interface VoteScorecard {
  readonly draft_scores: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** `draft1`, `Draft 02`, `DRAFT-3 (winner)` → `Draft N`; undefined without "draft" and a number. */
function draftLabelOf(key: string): string | undefined {
  const match = /draft\s*(\d+)/i.exec(key.trim());
  return match?.[1] === undefined ? undefined : `Draft ${Number(match[1])}`;
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** LoopTroop's explicit wrappers, unwrapped wherever they stand in the root (siblings are ignored), then the draft map. */
const WRAPPERS = ['draft_scores', 'scores', 'scorecard'];

function unwrapScorecard(root: Record<string, unknown>): Record<string, unknown> {
  let map = root;
  for (let depth = 0; depth < 5; depth++) {
    const inner = valueByKey(map, WRAPPERS);
    if (!isRecord(inner)) break;
    map = inner;
  }
  return map;
}

type ScorecardInput = z.infer<typeof voteScorecardSchema>;

/** Reads every draft's scores against the labels and rubric; refuses what LoopTroop refuses. */
function scoreDrafts(value: ScorecardInput, context: Readonly<Record<string, unknown>>): CheckOutcome<ScorecardInput> {
  const labels = stringList(context['draft_labels']);
  const rubric = stringList(context['rubric_categories']);
  const map = unwrapScorecard(value);

  const byLabel = new Map<string, Record<string, unknown>>();
  for (const [key, scores] of Object.entries(map)) {
    const label = draftLabelOf(key);
    if (label === undefined || !labels.includes(label)) return { issues: [`Unknown scorecard for ${key}`] };
    if (!isRecord(scores)) return { issues: [`Scorecard for ${label} is not a mapping`] };
    if (byLabel.has(label)) return { issues: [`Duplicate scorecard for ${label}`] };
    byLabel.set(label, scores);
  }

  const notes: CheckNote[] = [];
  const out: Record<string, Record<string, number>> = {};
  for (const label of labels) {
    const scores = byLabel.get(label);
    if (scores === undefined) return { issues: [`Missing scorecard for ${label}`] };
    const row: Record<string, number> = {};
    let total = 0;
    for (const category of rubric) {
      const score = valueByKey(scores, [category]);
      if (typeof score !== 'number' || !Number.isInteger(score) || score < 0 || score > 20) {
        return { issues: [{ path: `draft_scores["${label}"]["${category}"]`, message: `Invalid score for ${label} / ${category}: expected an unquoted integer from 0 to 20.` }] };
      }
      row[category] = score;
      total += score;
    }
    const given = valueByKey(scores, ['total_score']);
    const path = ['draft_scores', label, 'total_score'];
    if (given === undefined) {
      notes.push({ rule: 'check_recomputed', message: `Filled missing total_score for ${label} from rubric category totals.`, path, after: String(total) });
    } else if (typeof given !== 'number' || !Number.isInteger(given)) {
      return { issues: [{ path: `draft_scores["${label}"].total_score`, message: `Invalid total_score for ${label}: expected an integer.` }] };
    } else if (given !== total) {
      notes.push({ rule: 'check_recomputed', message: `Recomputed total_score for ${label}: expected ${total}, received ${given}.`, path, before: String(given), after: String(total) });
    }
    row['total_score'] = total;
    out[label] = row;
  }
  return { value: { draft_scores: out }, notes };
}

/**
 * The vote scorecard, read against `context.draft_labels` (the voter's
 * `Draft 1..N`) and `context.rubric_categories` (the phase rubric's names).
 *
 * @example
 * safeParse('draft_scores:\n  draft1:\n    Coverage: 18\n    Testability: 16\n', voteScorecard, {
 *   context: { draft_labels: ['Draft 1'], rubric_categories: ['Coverage', 'Testability'] },
 * }).data
 * // { draft_scores: { 'Draft 1': { Coverage: 18, Testability: 16, total_score: 34 } } }
 * // (one intervention: 'Filled missing total_score for Draft 1 from rubric category totals.')
 */
export const voteScorecard = defineLoopTroopContract({
  name: 'looptroop.vote-scorecard',
  schema: voteScorecardSchema,
  // LoopTroop unwraps no generic wrapper (`output`, `result`) here: such a root is a draft map with an unknown draft.
  replaceDefaultWrappers: true,
  keyMatching: 'loose',
  extras: 'keep',
  // Models indent the scorecards one level too shallow under these keys; the YAML repair re-indents them.
  yaml: { wrapperKeys: ['draft_scores', 'scores', 'scorecard'] },
  checks: [{ name: 'draft scores', needs: ['draft_labels', 'rubric_categories'], run: scoreDrafts }],
});
