/**
 * The `gap_resolutions` of a PRD coverage revision (LoopTroop PROM13b, spec
 * §8): one resolution per provided coverage gap, matched exactly or after
 * normalization; affected items name real epics and stories (typeless section
 * references dropped, a missing type inferred from the id, the label
 * canonicalized to the title).
 */
import type { CheckNote, CheckOutcome, ContractCheck } from '@airlock/core';
import { z } from 'zod';
import type { Prd } from './prd.js';
import { firstText, itemTypeOf, type ItemType } from './refinement-changes.js';

/** LoopTroop reads `label|title` without a warning: both are fields, the check folds them into `label`. */
const affectedItem = z.object({ item_type: z.string().optional(), id: z.string().min(1), label: z.string().optional(), title: z.string().optional(), name: z.string().optional() });

/** One resolution of a coverage gap. */
export const gapResolutionSchema = z.object({
  gap: z.string(),
  action: z.enum(['updated_prd', 'already_covered', 'left_unresolved']),
  rationale: z.string().regex(/\S/, 'The rationale must not be empty.'),
  affected_items: z.array(affectedItem).default([]),
});
export type GapResolution = z.output<typeof gapResolutionSchema>;

/** PRD sections a model may name as "affected" without an item type; they are not items and are dropped. */
const SECTIONS = new Set(
  ['product', 'problem_statement', 'target_users', 'scope', 'in_scope', 'out_of_scope', 'technical_requirements', 'risks', 'approval', 'source_interview', 'epics', 'user_stories'].map((s) =>
    s.replace(/_/g, ''),
  ),
);

/** A gap as compared loosely: NFKC, escapes undone, quotes and backticks dropped, whitespace collapsed. */
export function normalizeGap(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\\(.)/g, '$1')
    .replace(/["'`\u2018\u2019\u201c\u201d]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The provided gap a resolution names: exact first, then the one gap equal after normalization; -1 if none. */
function gapIndex(gap: string, gaps: readonly string[]): { at: number; exact: boolean } {
  const exact = gaps.indexOf(gap);
  if (exact >= 0) return { at: exact, exact: true };
  const loose = normalizeGap(gap);
  const matches = gaps.flatMap((g, k) => (normalizeGap(g) === loose ? [k] : []));
  return { at: matches.length === 1 ? matches[0]! : -1, exact: false };
}

function titles(doc: Prd): Map<string, string> {
  const map = new Map<string, string>();
  for (const epic of doc.epics) {
    map.set(`epic:${epic.id}`, epic.title);
    for (const story of epic.user_stories) map.set(`user_story:${story.id}`, story.title);
  }
  return map;
}

type AffectedItem = z.output<typeof affectedItem>;
interface CanonicalItem {
  readonly item_type: ItemType;
  readonly id: string;
  readonly label: string;
}

/** The affected items of resolution `r`: canonical, or an issue. */
function readAffected(items: readonly AffectedItem[], r: number, gap: string, known: Map<string, string>, notes: CheckNote[], issues: string[]): CanonicalItem[] {
  const out: CanonicalItem[] = [];
  items.forEach((given, k) => {
    const label = firstText(given, ['label', 'title', 'name']);
    const item = { id: given.id, item_type: given.item_type, ...(label !== undefined && { label }) };
    const path = ['gap_resolutions', r, 'affected_items', k];
    let type: ItemType | undefined = itemTypeOf(item.item_type);
    if (type === undefined) {
      type = known.has(`epic:${item.id}`) ? 'epic' : known.has(`user_story:${item.id}`) ? 'user_story' : undefined;
      if (type === undefined && [item.id, item.label ?? ''].some((name) => SECTIONS.has(name.toLowerCase().replace(/[^a-z0-9]/g, '')))) {
        notes.push({ rule: 'check_dropped', message: `Dropped PRD coverage affected_items section reference ${JSON.stringify(item.id)} at gap "${gap}" index ${k}.`, path });
        return;
      }
      if (type === undefined) {
        issues.push(`PRD coverage affected_items at gap "${gap}" index ${k} has no valid item_type and id ${JSON.stringify(item.id)} names no epic or user story.`);
        return;
      }
      notes.push({ rule: 'check_canonicalized', message: `Inferred missing PRD coverage affected_items item_type at gap "${gap}" index ${k} as ${type}.`, path: [...path, 'item_type'], after: type });
    }
    const title = known.get(`${type}:${item.id}`);
    if (title === undefined) {
      issues.push(`PRD coverage affected_items at gap "${gap}" index ${k} references unknown ${type} ${JSON.stringify(item.id)}.`);
      return;
    }
    if (item.label !== undefined && item.label !== title) {
      notes.push({ rule: 'check_canonicalized', message: `Canonicalized PRD coverage affected_items label for ${type} ${item.id} to its title.`, path: [...path, 'label'], before: item.label, after: title });
    }
    out.push({ item_type: type, id: item.id, label: title });
  });
  return out;
}

/** Resolutions against the provided gaps: one each, none unknown, none missing. */
export function resolveGaps<T extends Prd & { gap_resolutions: GapResolution[] }>(doc: T, gaps: readonly string[]): CheckOutcome<T> {
  const notes: CheckNote[] = [];
  const issues: string[] = [];
  const known = titles(doc);
  const resolved = new Set<number>();
  const resolutions = doc.gap_resolutions.map((resolution, r) => {
    const { at, exact } = gapIndex(resolution.gap, gaps);
    if (at < 0) issues.push(`PRD coverage gap_resolutions[${r}] names a gap that was not provided: "${resolution.gap}".`);
    else if (resolved.has(at)) issues.push(`PRD coverage gap_resolutions[${r}] resolves gap "${gaps[at]}" a second time.`);
    else {
      resolved.add(at);
      if (!exact) notes.push({ rule: 'check_canonicalized', message: `Canonicalized PRD coverage gap reference from "${resolution.gap}" to provided gap text.`, path: ['gap_resolutions', r, 'gap'], before: resolution.gap, after: gaps[at]! });
    }
    const gap = at < 0 ? resolution.gap : gaps[at]!;
    return { ...resolution, gap, affected_items: readAffected(resolution.affected_items, r, gap, known, notes, issues) };
  });
  gaps.forEach((gap, g) => {
    if (!resolved.has(g)) issues.push(`PRD coverage gap_resolutions has no entry for gap "${gap}".`);
  });
  if (issues.length > 0) return { issues };
  return { value: { ...doc, gap_resolutions: resolutions }, notes };
}

/**
 * The gap-resolutions check: needs `coverage_gaps` (the list of gap strings).
 *
 * @example
 * gapResolutionsCheck().run(doc, { coverage_gaps: ['No story covers export.'] })
 */
export function gapResolutionsCheck<T extends Prd & { gap_resolutions: GapResolution[] }>(): ContractCheck<T> {
  return {
    name: 'PRD coverage gap resolutions',
    needs: ['coverage_gaps'],
    run(doc, context) {
      const gaps = context['coverage_gaps'];
      if (!Array.isArray(gaps) || !gaps.every((g) => typeof g === 'string')) return { issues: ['context.coverage_gaps must be a list of gap strings.'] };
      return resolveGaps(doc, gaps);
    },
  };
}
