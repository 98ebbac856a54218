/**
 * The bead blueprint's coverage revision (LoopTroop PROM24,
 * validateBeadsCoverageRevisionOutput): one resolution per provided coverage
 * gap, each affected item a bead of the revised or the current candidate;
 * the model's `changes` is ignored and the changes are derived from the
 * current candidate instead (LoopTroop reports each derived change).
 */
import type { CheckNote, CheckOutcome } from '@airlock/core';
import { z } from 'zod';
import { pathText, text } from './beads-fields.js';
import { diffBeads, type AccountedBead, type BlueprintReader } from './beads-refinement-checks.js';

/** A bead an affected item names: `item_type` may be missing (inferred from the id or a unique title). */
const affectedItem = z.object({ item_type: z.string().optional(), id: text, label: text });

/** One resolution of a coverage gap. */
export const gapResolutionSchema = z.object({
  gap: text,
  action: z.enum(['updated_beads', 'already_covered', 'left_unresolved']),
  rationale: text,
  affected_items: z.array(affectedItem).default([]),
});

type GapResolution = z.infer<typeof gapResolutionSchema>;

/** Gap text as LoopTroop compares it when it is not written exactly: NFKC, no quotes or escapes, whitespace collapsed. */
export function gapKey(gap: string): string {
  return gap
    .normalize('NFKC')
    .trim()
    .replace(/\\(["'`\\])/g, '$1')
    .replace(/[\u2018\u2019\u201A\u201B\u201C\u201D\u201E\u201F`'"]/gu, '')
    .replace(/\s+/gu, ' ');
}

/** The provided gap a resolution names: exactly, else the only one equal after normalization. */
function matchGap(gap: string, gaps: readonly string[]): string | undefined {
  const written = gap.trim();
  if (gaps.includes(written)) return written;
  const matches = gaps.filter((g) => gapKey(g) === gapKey(written));
  return matches.length === 1 ? matches[0] : undefined;
}

interface Issue {
  path: string;
  message: string;
}

/** Each affected item names a bead: the type `bead` (or inferred), the id known, the label its title. */
function checkAffectedItems(resolution: GapResolution, index: number, revised: readonly AccountedBead[], prior: readonly AccountedBead[], notes: CheckNote[], issues: Issue[]): GapResolution {
  const byId = (id: string) => revised.find((b) => b.id === id) ?? prior.find((b) => b.id === id);
  const items = resolution.affected_items.map((item, k) => {
    const path = ['gap_resolutions', index, 'affected_items', k];
    const type = (item.item_type ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');
    if (type !== 'bead' && type !== 'beads') {
      const titled = new Set([...revised, ...prior].filter((b) => b.title === item.label).map((b) => b.id));
      if (byId(item.id) === undefined && titled.size !== 1) {
        issues.push({ path: pathText(path), message: `Beads coverage affected_items entry at gap "${resolution.gap}" index ${k} must use item_type bead.` });
        return item;
      }
      notes.push({ rule: 'check_canonicalized', message: `Inferred missing beads coverage affected_items item_type at gap "${resolution.gap}" index ${k} as bead.`, path: [...path, 'item_type'], after: 'bead' });
    }
    const bead = byId(item.id);
    if (bead === undefined) {
      issues.push({ path: pathText([...path, 'id']), message: `Beads coverage affected_items entry at gap "${resolution.gap}" references unknown bead ${item.id}.` });
      return item;
    }
    if (bead.title !== item.label) {
      notes.push({ rule: 'check_canonicalized', message: `Canonicalized affected_items label for bead ${item.id} from "${item.label}" to "${bead.title}".`, path: [...path, 'label'], before: item.label, after: bead.title });
    }
    return { item_type: 'bead', id: item.id, label: bead.title };
  });
  return { ...resolution, affected_items: items };
}

/** Exactly one resolution per provided gap, each gap written as provided. */
function checkGaps(resolutions: GapResolution[], gaps: readonly string[], notes: CheckNote[], issues: Issue[]): GapResolution[] {
  const seen = new Set<string>();
  const out = resolutions.map((resolution, index) => {
    const path = ['gap_resolutions', index, 'gap'];
    const gap = matchGap(resolution.gap, gaps);
    if (gap === undefined) {
      issues.push({ path: pathText(path), message: `Beads coverage gap_resolutions entry references unknown gap "${resolution.gap}".` });
      return resolution;
    }
    if (seen.has(gap)) issues.push({ path: pathText(path), message: `Beads coverage gap_resolutions contains duplicate entry for "${gap}".` });
    seen.add(gap);
    if (gap === resolution.gap) return resolution;
    notes.push({ rule: 'check_canonicalized', message: `Canonicalized beads coverage gap reference from "${resolution.gap}" to provided gap text.`, path, before: resolution.gap, after: gap });
    return { ...resolution, gap };
  });
  const missing = gaps.filter((gap) => !seen.has(gap));
  if (missing.length > 0 && issues.length === 0) {
    issues.push({ path: 'gap_resolutions', message: `Beads coverage gap_resolutions must include exactly one entry per gap. Missing: ${missing.join(' | ')}` });
  }
  return out;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The coverage revision against the current candidate and the gaps.
 *
 * @example
 * checkCoverageRevision(revision, { winner_draft: candidateYaml, coverage_gaps: ['Gap A'] }, read)
 * // { value: { beads, gap_resolutions, changes: [<derived>] }, notes: [<one per derived change>] }
 */
export function checkCoverageRevision<T extends { beads: AccountedBead[]; gap_resolutions: GapResolution[]; changes?: unknown }>(value: T, context: Readonly<Record<string, unknown>>, read: BlueprintReader): CheckOutcome<T> {
  const prior = read(context['winner_draft']);
  if (prior === undefined) return { issues: ['The current beads candidate (context.winner_draft) is not a valid bead blueprint.'] };
  const gaps = (Array.isArray(context['coverage_gaps']) ? context['coverage_gaps'] : []).map((g) => (typeof g === 'string' ? g.trim() : '')).filter((g) => g !== '');
  const notes: CheckNote[] = [];
  const issues: Issue[] = [];
  const resolved = value.gap_resolutions.map((r, i) => checkAffectedItems(r, i, value.beads, prior, notes, issues));
  const gapResolutions = issues.length > 0 ? resolved : checkGaps(resolved, gaps, notes, issues);
  if (issues.length > 0) return { issues };
  // The changes are the diff itself; recorded unless the given list already is that diff (a normalized output read again).
  const derived = diffBeads(prior, value.beads);
  const changeNotes = sameJson(value.changes ?? [], derived.changes) ? [] : derived.notes;
  return { value: { ...value, gap_resolutions: gapResolutions, changes: derived.changes }, notes: [...changeNotes, ...notes] };
}
