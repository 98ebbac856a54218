/**
 * The containers the partial reader holds open: one frame per object or array between the root
 * and the place the text has reached. Members are appended as they complete, each with the
 * sequence number it completed at, so a snapshot taken earlier still reads the frame as it was
 * then (members up to its sequence number) without any copy being made per push.
 */
import { setOwn, type PlainObject } from '../normalize/value-tree.js';

export interface Frame {
  readonly kind: 'object' | 'array';
  readonly parent: Frame | undefined;
  /** Where the frame sits in its parent: the member's key, or the element's index; undefined at the root. */
  readonly slot: string | number | undefined;
  /** Nesting depth, 1 at the root. */
  readonly depth: number;
  /** Offset in the text where the frame opened. */
  readonly start: number;
  /** Complete members in order: keys (objects only), values, and the sequence number each completed at. */
  readonly keys: string[];
  readonly values: unknown[];
  readonly seqs: number[];
  /** The key read for the member whose value is still to come (objects). */
  pendingKey: string | undefined;
  /** Sequence number the frame closed at; Infinity while open. */
  closedAt: number;
  /** Offset of a comma no member followed yet (a closer now makes it a trailing comma); -1 when none. */
  commaAt: number;
}

/**
 * A new open frame.
 *
 * @example
 * openFrame('array', undefined, undefined, 0) // the root array, opened at offset 0
 */
export function openFrame(kind: Frame['kind'], parent: Frame | undefined, slot: Frame['slot'], start: number): Frame {
  return { kind, parent, slot, depth: (parent?.depth ?? 0) + 1, start, keys: [], values: [], seqs: [], pendingKey: undefined, closedAt: Infinity, commaAt: -1 };
}

/** Appends a complete member (its key ignored for arrays). */
export function addMember(frame: Frame, key: string | undefined, value: unknown, seq: number): void {
  if (frame.kind === 'object') frame.keys.push(key ?? '');
  frame.values.push(value);
  frame.seqs.push(seq);
}

/** How many of a frame's members had completed before sequence number `seq`. */
export function membersBefore(frame: Frame, seq: number): number {
  let count = frame.seqs.length;
  // Members arrive in order and a snapshot is usually recent: read from the end.
  while (count > 0 && frame.seqs[count - 1]! >= seq) count--;
  return count;
}

/**
 * The frame's value from its first `count` members: an array, or an object written key by key
 * (`__proto__` stays a plain key; a repeated key keeps its last value, as JSON.parse does).
 *
 * @example
 * frameValue(frame, membersBefore(frame, snapshot.seq))
 */
export function frameValue(frame: Frame, count: number): unknown[] | PlainObject {
  if (frame.kind === 'array') return count === frame.values.length ? frame.values.slice() : frame.values.slice(0, count);
  const out: PlainObject = {};
  for (let k = 0; k < count; k++) setOwn(out, frame.keys[k]!, frame.values[k]);
  return out;
}

/** The slot the next member of a frame will take: its pending key, or the next index. */
export function nextSlot(frame: Frame): string | number {
  return frame.kind === 'array' ? frame.values.length : (frame.pendingKey ?? '');
}
