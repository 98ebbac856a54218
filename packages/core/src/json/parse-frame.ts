/**
 * The repairer's frames: one open array, object or call (a JSONP or Python wrapper) of the
 * value being read, with where its missing commas, colons and closer go, and how a frame
 * closes (its own closer, an enclosing one's, the end of the text or a fence line).
 */
import { newContainer, type Container } from './build-value.js';
import { Ch } from './json-chars.js';
import { recordCollection } from './scalar-collections.js';
import { record, recordRule, ruleInfo, type RepairContext } from './repair-context.js';
import { codeAt } from '../code-at.js';

export const enum Kind { ARRAY, OBJECT, CALL }
export const enum St { EXPECT_KEY, AFTER_KEY, AFTER_COLON, AFTER_VALUE, AFTER_COMMA }

export interface Frame {
  kind: Kind;
  state: St;
  /** Just after the last token that stays: where missing commas, colons and closers go. */
  tail: number;
  /** A comma seen after the last value, not yet followed by another (-1: none). */
  comma: number;
  /** End of the last complete member (or of the opener): a member cut off after it is dropped from here. */
  keepTail: number;
  /** `ctx.edits.length` when `keepTail` was set: the edits of a dropped member come after it. */
  keepMark: number;
  /** A Python tuple or set read as this array (see scalar-collections.ts). */
  collection?: Collection;
  /** What the frame's members are put into (see build-value.ts); a call has none. */
  container: Container | undefined;
  /** The key of the member being read. */
  key: string | undefined;
  /** A member was put into `container` after `keepTail` (a missing value's null), so a drop would remove it. */
  unkept: boolean;
}

export interface Collection {
  readonly set: boolean;
  /** Where its `(` or `{` stands. */
  readonly open: number;
  items: number;
  comma: boolean;
}

/** The closer that ends a frame, by its slot. */
export const OWN_CLOSER = [Ch.RBRACKET, Ch.RBRACE, Ch.RPAREN] as const;

/** Which count of `Open` a frame is in: the kind of closer that ends it (a set ends at `}`, a tuple at `)`). */
export function slot(f: Frame): 0 | 1 | 2 {
  return f.collection === undefined ? (f.kind === Kind.ARRAY ? 0 : f.kind === Kind.OBJECT ? 1 : 2) : f.collection.set ? 1 : 2;
}

/** Why a frame is closing: a closer character, the end of the text, or a code fence line ending the data. */
export const enum End { NONE, TEXT, FENCE }

/** Counts of open frames per kind, so a stray closer is matched in O(1). */
export type Open = [arrays: number, objects: number, calls: number];

const CLOSER = [']', '}', ''] as const;

const TRAILING_COMMA = ruleInfo('trailing_comma');

export function dropPendingComma(ctx: RepairContext, f: Frame): void {
  if (f.comma >= 0) recordRule(ctx, TRAILING_COMMA, f.comma, f.comma + 1, '');
  f.comma = -1;
}

export function newFrame(ctx: RepairContext, kind: Kind, state: St, tail: number): Frame {
  const container = kind === Kind.CALL ? undefined : newContainer(kind === Kind.OBJECT);
  return { kind, state, tail, comma: -1, keepTail: tail, keepMark: ctx.edits.length, container, key: undefined, unkept: false };
}

/**
 * Closes frame `f` at the current character, which is `]`, `}`, `)`, the end of
 * the text or a fence line (`end`). Returns true when the character was consumed.
 */
export function closeFrame(ctx: RepairContext, f: Frame, open: Open, end: End): boolean {
  const c = codeAt(ctx.text, ctx.i);
  dropPendingComma(ctx, f);
  const own = OWN_CLOSER[slot(f)];
  const col = f.collection;
  if (col !== undefined) recordCollection(ctx, col.set, col.open, end === End.NONE && c === own ? ctx.i : -1, col.items, col.comma);
  if (end !== End.NONE) {
    ctx.truncated = true;
    record(ctx, end === End.FENCE ? 'structure_closed_at_fence' : 'truncated_structure_closed', f.tail, f.tail, CLOSER[f.kind]);
    return false;
  }
  if (c === own) {
    ctx.i++;
    return true;
  }
  const ancestor = c === Ch.RBRACKET ? open[0] > 0 : c === Ch.RBRACE ? open[1] > 0 : open[2] > 0;
  if (ancestor) {
    // The closer belongs to an enclosing structure: this one lacks its own.
    record(ctx, 'missing_closing_bracket', f.tail, f.tail, CLOSER[f.kind]);
    return false;
  }
  record(ctx, 'mismatched_closing_bracket', ctx.i, ctx.i + 1, CLOSER[f.kind]);
  ctx.i++;
  return true;
}
