/**
 * PRD refinement changes (LoopTroop PROM12/PROM13b `changes`, spec §8): each
 * entry is `{type, item_type, before, after, inspiration}` naming an epic or a
 * user story by id and label. This file reads the entries (skips, item types,
 * the before/after shape of each type, the inspiration's losing draft); the
 * refinement contracts then account them against the winning draft, and the
 * standalone `refinementChanges` contract reads a bare `changes:` list.
 */
import type { CheckNote, ContractCheck, Wording } from '@airlock/core';
import { z } from 'zod';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

const LABELS = ['label', 'title', 'name'] as const;
const DETAILS = ['detail', 'description', 'objective'] as const;
const text = z.string().optional();
const labelFields = { label: text, title: text, name: text };

/**
 * An epic or story named by a change: `label` is the item's title, `detail` its
 * objective or first criterion. LoopTroop reads `label|title|name` and
 * `detail|description|objective` without a warning, so every spelling is a
 * field of its own and {@link itemOf} folds them (declared aliases would be recorded).
 */
const changeItem = z.object({ id: z.string().min(1), ...labelFields, detail: text, description: text, objective: text });

/** A before/after as stored. */
export type ChangeItem = {
  readonly id: string;
  readonly label: string;
  readonly detail?: string;
};

/** The first string among `keys` of `record` (`label`, then `title`, then `name`). */
export function firstText(record: Readonly<Record<string, unknown>>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** A change's before/after with its label and detail spellings folded. */
function itemOf(value: Readonly<Record<string, unknown>> & { id: string }): ChangeItem {
  const detail = firstText(value, DETAILS);
  return { id: value.id, label: firstText(value, LABELS) ?? '', ...(detail !== undefined && { detail }) };
}

const inspiration = z.object({
  /** 1-based position among the losing drafts; read from `2`, `"Draft 2"`, `"Alternative Draft 2"` or a member id. */
  alternative_draft: z.union([z.number(), z.string()]).optional(),
  /** The losing draft's member id, filled from `context.losing_drafts`. */
  member_id: z.string().optional(),
  item: z.object({ id: text, ...labelFields }).optional(),
});
type InspirationInput = z.output<typeof inspiration>;
export interface ChangeInspiration {
  readonly alternative_draft: number;
  readonly member_id: string;
  readonly item?: { readonly id?: string; readonly label?: string };
}

export const ATTRIBUTION_STATUSES = ['model_unattributed', 'inspired', 'synthesized_unattributed'] as const;

/** One change as written; `item_type` is resolved and the attribution set by the checks. */
export const refinementChangeSchema = z.object({
  type: z.enum(['modified', 'added', 'removed']),
  item_type: z.string().optional(),
  before: changeItem.nullable().optional(),
  after: changeItem.nullable().optional(),
  inspiration: inspiration.nullable().optional(),
  attribution_status: z.enum(ATTRIBUTION_STATUSES).optional(),
});
export type RefinementChange = z.output<typeof refinementChangeSchema>;

/** The `changes` list: absent means no accounting. */
export const changesField = z.array(refinementChangeSchema).default([]);

/** Normalization of a `changes` list at the root, shared by every contract that carries one. */
export const CHANGES_SPEC = {
  aliases: {
    'changes[].inspiration.alternative_draft': ['draft'],
  },
  nest: { 'changes[].inspiration': 'alternative_draft' },
  // Non-objects and types other than modified/added/removed (`replaced`) are skipped, not refused.
  drop: { changes: { nonObject: true, invalid: ['type'] } },
  wording: [
    { rule: 'non_object_entry_dropped', at: 'changes', message: 'Skipped non-object refinement change at index {index}.' },
    { rule: 'invalid_entry_dropped', at: 'changes', message: 'Skipped refinement change at index {index} with invalid type.' },
  ] satisfies Wording[],
};

export type ItemType = 'epic' | 'user_story';

/** A change read: the item type known, the shape of its type checked. */
export interface ReadChange {
  readonly index: number;
  readonly type: RefinementChange['type'];
  readonly item_type: ItemType;
  readonly before: ChangeItem | null;
  readonly after: ChangeItem | null;
  readonly inspiration: ChangeInspiration | null;
  /** True for a change a check synthesized earlier (kept as such when read again). */
  readonly synthesized: boolean;
}

export interface ReadChanges {
  readonly changes: ReadChange[];
  readonly notes: CheckNote[];
  readonly issues: string[];
}

function compact(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** `epic`, `user_story`/`userStory`/`story`, else undefined. */
export function itemTypeOf(value: unknown): ItemType | undefined {
  const key = typeof value === 'string' ? compact(value) : '';
  if (key === 'epic') return 'epic';
  if (key === 'userstory' || key === 'story') return 'user_story';
  return undefined;
}

/** The type an id's prefix names (`EPIC-2`, `US-1-3`). */
export function itemTypeByPrefix(id: string): ItemType | undefined {
  if (/^epic[-_\s]?/i.test(id)) return 'epic';
  if (/^us[-_\s]?\d/i.test(id)) return 'user_story';
  return undefined;
}

/** Member ids of the losing drafts (`[{memberId}]` as LoopTroop passes them, or plain strings). */
export function rosterOf(losingDrafts: unknown): string[] {
  if (!Array.isArray(losingDrafts)) return [];
  return losingDrafts.map((entry) => {
    if (typeof entry === 'string') return entry;
    if (typeof entry === 'object' && entry !== null) {
      const record = entry as Record<string, unknown>;
      const id = record['memberId'] ?? record['member_id'] ?? record['id'];
      return typeof id === 'string' ? id : '';
    }
    return '';
  });
}

/** The 0-based losing draft an `alternative_draft` names, or -1. */
function draftIndex(ref: unknown, roster: readonly string[]): number {
  let n = Number.NaN;
  if (typeof ref === 'number') n = ref;
  else if (typeof ref === 'string') {
    const member = roster.indexOf(ref.trim());
    if (member >= 0) return member;
    const match = /^\s*(?:alternative\s*)?(?:draft\s*)?#?\s*(\d+)\s*$/i.exec(ref);
    if (match) n = Number(match[1]);
  }
  return Number.isInteger(n) && n >= 1 && n <= roster.length ? n - 1 : -1;
}

/** The inspiration with its draft resolved, or null (with a note) when it names no losing draft. */
function resolveInspiration(given: InspirationInput | null | undefined, index: number, roster: readonly string[], notes: CheckNote[]): ChangeInspiration | null {
  if (given === null || given === undefined) return null;
  const at = draftIndex(given.alternative_draft ?? given.member_id, roster);
  if (at < 0) {
    const message = `Cleared refinement change inspiration at index ${index}: ${JSON.stringify(given.alternative_draft ?? null)} names no alternative draft.`;
    notes.push({ rule: 'check_dropped', message, path: ['changes', index, 'inspiration'] });
    return null;
  }
  const label = given.item && firstText(given.item, LABELS);
  const item = given.item && { ...(given.item.id !== undefined && { id: given.item.id }), ...(label !== undefined && { label }) };
  return { alternative_draft: at + 1, member_id: roster[at]!, ...(item !== undefined && { item }) };
}

/**
 * Reads the entries of a `changes` list: path- or summary-only entries are
 * skipped (noted); the item type is read or inferred (`classify` first, then
 * the id's `EPIC-`/`US-` prefix) and refused when neither says; modified needs
 * the same id before and after, added a null before, removed a null after.
 *
 * @example
 * readChanges([{ type: 'added', before: null, after: { id: 'US-3', label: 'Retry' } }], () => undefined, []).changes[0]?.item_type // 'user_story'
 */
export function readChanges(entries: readonly RefinementChange[], classify: (id: string) => ItemType | undefined, roster: readonly string[], what = 'PRD refinement'): ReadChanges {
  const notes: CheckNote[] = [];
  const issues: string[] = [];
  const changes: ReadChange[] = [];
  entries.forEach((entry, index) => {
    const before = entry.before ? itemOf(entry.before) : null;
    const after = entry.after ? itemOf(entry.after) : null;
    if (before === null && after === null) {
      notes.push({ rule: 'check_dropped', message: `Skipped ${what} change at index ${index} without a before or after item.`, path: ['changes', index] });
      return;
    }
    const id = (before ?? after)!.id;
    let itemType = itemTypeOf(entry.item_type);
    if (itemType === undefined) {
      itemType = classify(id) ?? itemTypeByPrefix(id);
      if (itemType === undefined) {
        issues.push(`${what} change at index ${index} has no valid item_type and its id ${JSON.stringify(id)} names no epic or user story.`);
        return;
      }
      notes.push({ rule: 'check_canonicalized', message: `Inferred missing ${what} change item_type at index ${index} as ${itemType}.`, path: ['changes', index, 'item_type'], after: itemType });
    }
    const shape =
      entry.type === 'modified' ? before !== null && after !== null && before.id === after.id : entry.type === 'added' ? before === null && after !== null : before !== null && after === null;
    if (!shape) {
      const rule = entry.type === 'modified' ? 'needs a before and an after with the same id' : entry.type === 'added' ? 'needs before: null and an after item' : 'needs a before item and after: null';
      issues.push(`${what} change at index ${index}: a ${entry.type} change ${rule}.`);
      return;
    }
    const synthesized = entry.attribution_status === 'synthesized_unattributed' && (entry.inspiration ?? null) === null;
    changes.push({ index, type: entry.type, item_type: itemType, before, after, inspiration: resolveInspiration(entry.inspiration, index, roster, notes), synthesized });
  });
  return { changes, notes, issues };
}

/** A read change as stored: item type resolved, attribution stated. */
export function changeOutput(change: ReadChange): RefinementChange {
  const status = change.synthesized ? 'synthesized_unattributed' : change.inspiration === null ? 'model_unattributed' : 'inspired';
  return {
    type: change.type,
    item_type: change.item_type,
    before: change.before,
    after: change.after,
    inspiration: change.inspiration,
    attribution_status: status,
  };
}

const standaloneSchema = z.object({ changes: z.array(refinementChangeSchema) });
type StandaloneChanges = z.output<typeof standaloneSchema>;

const readStandalone: ContractCheck<StandaloneChanges> = {
  name: 'refinement changes',
  run(value, context) {
    const read = readChanges(value.changes, () => undefined, rosterOf(context['losing_drafts']));
    if (read.issues.length > 0) return { issues: read.issues };
    return { value: { changes: read.changes.map((change) => changeOutput(change)) }, notes: read.notes };
  },
};

/** The bare `changes` list. */
export const refinementChangesSchema = standaloneSchema;

/**
 * A PRD refinement's `changes` list on its own (without the refined PRD, so
 * without diff accounting): entries read as in the refinement contracts, item
 * types inferred from the `EPIC-`/`US-` prefix, inspirations resolved against
 * `context.losing_drafts` (cleared when they name no draft).
 *
 * @example
 * safeParse('changes:\n  - type: Modified\n    before: {id: EPIC-1, title: Auth}\n    after: {id: EPIC-1, title: Sign-in}\n    inspiration: {alternative_draft: 2}\n  - just a note', refinementChanges, { context: { losing_drafts: ['model-a', 'model-b'] } }).data
 * // { changes: [{ type: 'modified', item_type: 'epic', before: { id: 'EPIC-1', label: 'Auth' }, after: { id: 'EPIC-1', label: 'Sign-in' },
 * //   inspiration: { alternative_draft: 2, member_id: 'model-b' }, attribution_status: 'inspired' }] }
 */
export const refinementChanges = defineLoopTroopContract({
  name: 'looptroop.refinement-changes',
  schema: standaloneSchema,
  keyMatching: 'loose',
  // LoopTroop ignores keys it does not read (`summary`, `path`); Zod drops them without a record.
  extras: 'keep',
  ...CHANGES_SPEC,
  checks: [readStandalone],
});
