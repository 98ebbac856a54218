/**
 * The account of a bead refinement's changes (LoopTroop PROM22,
 * validateBeadsRefinementOutput): each change of the model is resolved
 * against the winning draft (before) and the refined beads (after), by id or
 * by a unique title. Unlike the PRD and interview refinements, nothing here
 * refuses: an unresolvable entry is skipped, a no-op dropped, an omitted
 * change synthesized from the diff, an out-of-range inspiration cleared,
 * each recorded in LoopTroop's words.
 */
import type { CheckNote, CheckOutcome } from '@airlock/core';
import { isRecord, keyOf, textOf, valueByKey, type ContextGuidance } from './beads-fields.js';

/** A bead as a change names it. */
export interface ChangeItem {
  id: string;
  label: string;
  detail?: string;
}

/** The losing draft a change took its idea from (1-based draft number). */
export interface ChangeInspiration {
  alternative_draft: number;
  member_id: string;
  item: ChangeItem;
}

/** One change of the refinement, as the contract returns it. */
export interface BeadChange {
  type: 'modified' | 'added' | 'removed';
  item_type: 'bead';
  before: ChangeItem | null;
  after: ChangeItem | null;
  inspiration: ChangeInspiration | null;
  attribution_status: string;
}

/** The bead fields the accounting reads. */
export interface AccountedBead {
  id: string;
  title: string;
  description: string;
  prdRefs: string[];
  contextGuidance: ContextGuidance | string;
  acceptanceCriteria: string[];
  tests: string[];
  testCommands: string[];
}

/** Reads a reference blueprint (text or value) into its beads, or undefined when it does not validate. */
export type BlueprintReader = (blueprint: unknown) => AccountedBead[] | undefined;

interface LosingDraft {
  memberId: string;
  content?: string;
}

const ATTRIBUTIONS = new Set(['inspired', 'model_unattributed', 'invalid_unattributed', 'synthesized_unattributed']);

/** The losing drafts of the context: `[{ memberId, content? }]` (or member ids). */
export function losingDraftsOf(value: unknown): LosingDraft[] {
  if (!Array.isArray(value)) return [];
  return value.map((entry) => {
    if (typeof entry === 'string') return { memberId: entry };
    if (!isRecord(entry)) return { memberId: '' };
    const content = entry['content'];
    return { memberId: textOf(valueByKey(entry, ['memberId'])), ...(typeof content === 'string' && { content }) };
  });
}

function changeItemOf(value: unknown): ChangeItem | null {
  if (!isRecord(value)) return null;
  const id = textOf(valueByKey(value, ['id']));
  const label = textOf(valueByKey(value, ['title', 'label', 'name']));
  if (!id || !label) return null;
  const detail = textOf(valueByKey(value, ['detail', 'description', 'objective']));
  return { id, label, ...(detail && { detail }) };
}

/** An inspiration's item is read leniently: a bare string is its label. */
function inspirationItemOf(value: unknown): ChangeItem | null {
  if (typeof value === 'string') return value.trim() ? { id: '', label: value.trim() } : null;
  if (!isRecord(value)) return null;
  const id = textOf(valueByKey(value, ['id']));
  const label = textOf(valueByKey(value, ['title', 'label', 'name', 'text', 'content', 'description']));
  if (!id && !label) return null;
  const detail = id && label ? textOf(valueByKey(value, ['detail', 'description', 'objective'])) : '';
  return { id, label, ...(detail && { detail }) };
}

/** `2`, `"2"`, `"Draft 2"`, `"#2"` → 2. */
function ordinalOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) ? value : undefined;
  const match = typeof value === 'string' ? /^\s*(?:draft\s*)?#?\s*(\d+)\s*$/i.exec(value) : null;
  return match ? Number(match[1]) : undefined;
}

interface RawInspiration {
  index: number;
  memberId: string;
  item: ChangeItem;
}

function inspirationOf(value: unknown, drafts: readonly LosingDraft[]): RawInspiration | null {
  if (!isRecord(value)) return null;
  const draft = valueByKey(value, ['alternative_draft', 'draft', 'draft_index']);
  let index = typeof draft === 'string' ? drafts.findIndex((d) => d.memberId !== '' && d.memberId === draft.trim()) : -1;
  if (index < 0) index = (ordinalOf(draft) ?? 0) - 1;
  const item = inspirationItemOf(valueByKey(value, ['item', 'bead', 'epic', 'story']));
  if (index < 0 || item === null) return null;
  return { index, memberId: drafts[index]?.memberId || textOf(valueByKey(value, ['member_id'])), item };
}

interface ParsedChange {
  /** Position in the model's list (skipped entries included). */
  at: number;
  type: BeadChange['type'];
  before: ChangeItem | null;
  after: ChangeItem | null;
  inspiration: RawInspiration | null;
  attribution: string;
}

const SUMMARY_ONLY = ['path', 'summary', 'before_summary', 'after_summary'];

/** LoopTroop's lenient reading of the model's `changes` (parseRefinementChanges). */
function parseChanges(raw: unknown, drafts: readonly LosingDraft[], notes: CheckNote[]): ParsedChange[] {
  if (!Array.isArray(raw)) return [];
  const changes: ParsedChange[] = [];
  raw.forEach((entry, index) => {
    const path = ['changes', index];
    if (!isRecord(entry)) return void notes.push({ rule: 'check_dropped', message: `Skipped non-object refinement change at index ${index}.`, path });
    const type = keyOf(textOf(valueByKey(entry, ['type', 'change_type'])));
    if (type !== 'modified' && type !== 'added' && type !== 'removed') {
      return void notes.push({ rule: 'check_dropped', message: `Skipped refinement change at index ${index} with invalid type.`, path });
    }
    const before = valueByKey(entry, ['before']);
    const after = valueByKey(entry, ['after']);
    if (before === undefined && after === undefined && SUMMARY_ONLY.some((k) => valueByKey(entry, [k]) !== undefined)) {
      return void notes.push({ rule: 'check_dropped', message: `Skipped refinement change at index ${index} with path/summary metadata only; semantic before/after item records are required.`, path });
    }
    const rawInspiration = valueByKey(entry, ['inspiration', 'inspired_by']);
    const inspiration = rawInspiration === undefined || rawInspiration === null ? null : inspirationOf(rawInspiration, drafts);
    const given = textOf(valueByKey(entry, ['attribution_status']));
    const attribution = inspiration ? 'inspired' : rawInspiration != null ? 'invalid_unattributed' : ATTRIBUTIONS.has(given) && given !== 'inspired' ? given : 'model_unattributed';
    changes.push({ at: index, type, before: changeItemOf(before), after: changeItemOf(after), inspiration, attribution });
  });
  return changes;
}

/** A bead as the accounting compares it: what a change names, and everything it says. */
interface Item extends ChangeItem {
  detail: string;
  fingerprint: string;
}

function itemOf(bead: AccountedBead): Item {
  const guidance = typeof bead.contextGuidance === 'string' ? { patterns: [bead.contextGuidance], anti_patterns: [] } : bead.contextGuidance;
  const parts = [bead.id, bead.title, bead.description, bead.prdRefs, guidance.patterns, guidance.anti_patterns, bead.acceptanceCriteria, bead.tests, bead.testCommands];
  return { id: bead.id, label: bead.title, detail: bead.description, fingerprint: JSON.stringify(parts) };
}

const named = (item: Item): ChangeItem => ({ id: item.id, label: item.label, detail: item.detail });

class Lookup {
  private readonly byId: Map<string, Item>;
  private readonly byLabel = new Map<string, Item[]>();
  constructor(items: readonly Item[]) {
    this.byId = new Map(items.map((item) => [item.id, item]));
    for (const item of items) {
      const key = item.label.toLowerCase().trim();
      this.byLabel.set(key, [...(this.byLabel.get(key) ?? []), item]);
    }
  }
  /** By id, else by a title only one bead has. */
  resolve(item: ChangeItem | null): Item | null {
    if (item === null) return null;
    const byLabel = this.byLabel.get(item.label.toLowerCase().trim());
    return this.byId.get(item.id) ?? (byLabel?.length === 1 ? byLabel[0]! : null);
  }
}

/**
 * The changes the model left out: same-id beads whose content differs, then
 * added and removed beads (LoopTroop's synthesizeOmittedBeadChanges).
 */
export function synthesizeChanges(winner: readonly Item[], refined: readonly Item[], usedBefore = new Set<string>(), usedAfter = new Set<string>()): { changes: BeadChange[]; notes: CheckNote[] } {
  const changes: BeadChange[] = [];
  const notes: CheckNote[] = [];
  const synthesized = (type: BeadChange['type'], before: Item | null, after: Item | null, message: string): void => {
    changes.push({ type, item_type: 'bead', before: before && named(before), after: after && named(after), inspiration: null, attribution_status: 'synthesized_unattributed' });
    notes.push({ rule: 'check_synthesized', message, path: ['changes'] });
  };
  const refinedById = new Map(refined.map((item) => [item.id, item]));
  for (const item of winner) {
    const twin = refinedById.get(item.id);
    if (usedBefore.has(item.id) || twin === undefined || usedAfter.has(twin.id) || twin.fingerprint === item.fingerprint) continue;
    usedBefore.add(item.id);
    usedAfter.add(twin.id);
    synthesized('modified', item, twin, `Synthesized omitted beads refinement modified change for bead "${item.id}" by matching id across the winning and refined drafts.`);
  }
  const winnerIds = new Set(winner.map((item) => item.id));
  for (const item of refined) {
    if (usedAfter.has(item.id) || winnerIds.has(item.id)) continue;
    usedAfter.add(item.id);
    synthesized('added', null, item, `Synthesized omitted beads refinement added change for bead "${item.id}" (present in refined output but not in winner draft).`);
  }
  const refinedIds = new Set(refined.map((item) => item.id));
  for (const item of winner) {
    if (usedBefore.has(item.id) || refinedIds.has(item.id)) continue;
    usedBefore.add(item.id);
    synthesized('removed', item, null, `Synthesized omitted beads refinement removed change for bead "${item.id}" (present in winner draft but not in refined output).`);
  }
  return { changes, notes };
}

/** The full diff between two bead lists, as synthesized changes. */
export function diffBeads(winner: readonly AccountedBead[], refined: readonly AccountedBead[]): { changes: BeadChange[]; notes: CheckNote[] } {
  return synthesizeChanges(winner.map(itemOf), refined.map(itemOf));
}

/** An inspiration's item completed from the losing draft it names, when that draft's text is at hand. */
function enrichedItem(inspiration: RawInspiration, draft: LosingDraft, read: BlueprintReader): ChangeItem {
  const beads = draft.content === undefined ? undefined : read(draft.content);
  const label = inspiration.item.label.toLowerCase().trim();
  const bead = beads?.find((b) => b.id === inspiration.item.id || b.title.toLowerCase().trim() === label);
  return bead === undefined ? inspiration.item : { id: bead.id, label: bead.title, detail: inspiration.item.detail || bead.description };
}

const STATED = { modified: 'has no resolvable before or after item', added: 'has no resolvable after item', removed: 'has no resolvable before item' } as const;

/**
 * The refinement's changes against the winning draft.
 *
 * @example
 * checkRefinementChanges({ beads, changes: [] }, { winner_draft: winnerYaml }, read)
 * // { value: { beads, changes: [<one synthesized change per differing bead>] }, notes: [...] }
 */
export function checkRefinementChanges<T extends { beads: AccountedBead[]; changes?: unknown }>(value: T, context: Readonly<Record<string, unknown>>, read: BlueprintReader): CheckOutcome<T> {
  const drafts = losingDraftsOf(context['losing_drafts']);
  const notes: CheckNote[] = [];
  const parsed = parseChanges(value.changes, drafts, notes);
  const winnerBeads = read(context['winner_draft']);
  const asWritten = (c: ParsedChange): BeadChange => ({
    type: c.type,
    item_type: 'bead',
    before: c.before,
    after: c.after,
    inspiration: c.inspiration && { alternative_draft: c.inspiration.index + 1, member_id: c.inspiration.memberId, item: c.inspiration.item },
    attribution_status: c.attribution,
  });
  if (winnerBeads === undefined) {
    notes.push({ rule: 'check_canonicalized', message: 'Could not parse winner draft for cross-validation — using raw changes without canonicalization.', path: ['changes'] });
    return { value: { ...value, changes: parsed.map(asWritten) }, notes };
  }
  const winner = new Lookup(winnerBeads.map(itemOf));
  const refinedItems = value.beads.map(itemOf);
  const refined = new Lookup(refinedItems);
  const usedBefore = new Set<string>();
  const usedAfter = new Set<string>();
  const changes: BeadChange[] = [];
  parsed.forEach((change) => {
    const index = change.at;
    const path = ['changes', index];
    const before = change.before && winner.resolve(change.before);
    const after = change.after && refined.resolve(change.after);
    const missing = change.type === 'modified' ? !before && !after : change.type === 'added' ? !after : !before;
    if (missing) return void notes.push({ rule: 'check_dropped', message: `Skipped beads refinement change at index ${index}: ${change.type} change ${STATED[change.type]}.`, path });
    if (before && after && before.fingerprint === after.fingerprint) {
      return void notes.push({ rule: 'check_dropped', message: `Dropped no-op beads refinement modified change at index ${index} because the winning and refined bead "${before.id}" are identical.`, path });
    }
    if (before) usedBefore.add(before.id);
    if (after) usedAfter.add(after.id);
    let inspiration: ChangeInspiration | null = null;
    let attribution = change.attribution;
    if (change.inspiration) {
      const draft = drafts[change.inspiration.index];
      if (draft === undefined) {
        attribution = 'invalid_unattributed';
        notes.push({ rule: 'check_dropped', message: `Cleared out-of-range beads refinement inspiration at index ${index} because alternative draft ${change.inspiration.index + 1} does not exist.`, path: [...path, 'inspiration'] });
      } else {
        inspiration = { alternative_draft: change.inspiration.index + 1, member_id: draft.memberId, item: enrichedItem(change.inspiration, draft, read) };
      }
    }
    changes.push({ type: change.type, item_type: 'bead', before: before ? named(before) : change.before, after: after ? named(after) : change.after, inspiration, attribution_status: attribution });
  });
  const omitted = synthesizeChanges(winnerBeads.map(itemOf), refinedItems, usedBefore, usedAfter);
  return { value: { ...value, changes: [...changes, ...omitted.changes] }, notes: [...notes, ...omitted.notes] };
}
