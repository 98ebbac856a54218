/**
 * The rules for the value the text is in the middle of when it ends (the spine's leaf): an
 * unfinished string is kept as the part received; an unfinished number, literal or key is left
 * out (`tru` is not `true`, `-1.25e+` is not a number), unless the partial options keep that
 * kind; a number or literal read whole but still waiting for its delimiter is a number or
 * literal not confirmed yet, like an unfinished one, except a literal, which nothing can extend.
 * A number at the root has no delimiter to wait for: the text as it stands is read.
 */
import { excerpt } from '../normalize/value-tree.js';
import type { Intervention } from '../types.js';
import { partialChange } from './partial-change.js';
import type { IncompleteKind } from './partial-options.js';
import { tokenOf, type ReaderSnapshot } from './reader-state.js';
import { completionOf, literalValue } from './scalar-tokens.js';

/** What the leaf contributes to the partial value. */
export interface OpenLeaf {
  /** Where it goes in the innermost open frame (its key or index); undefined at the root. */
  readonly slot: string | number | undefined;
  /** Whether the leaf is in the value, and its value. */
  readonly present: boolean;
  readonly value: unknown;
  /** Complete: a literal spelled whole; incomplete: a cut-off string, an unconfirmed number. */
  readonly complete: boolean;
  /** A cut-off string kept as its prefix: validation does not hold its shortness against it. */
  readonly openString: boolean;
  readonly start: number;
  readonly note?: Intervention;
}

function kept(slot: OpenLeaf['slot'], value: unknown, complete: boolean, start: number, note?: Intervention, openString = false): OpenLeaf {
  return note === undefined ? { slot, present: true, value, complete, openString, start } : { slot, present: true, value, complete, openString, start, note };
}

/** A leaf left out; `raw`: its exact text, when the reader kept it (numbers and words). */
function dropped(slot: OpenLeaf['slot'], start: number, end: number, raw?: string): OpenLeaf {
  const note = partialChange('partial_value_dropped', raw === undefined ? { span: [start, end], after: '' } : { span: [start, end], before: raw, after: '' });
  return { slot, present: false, value: undefined, complete: false, openString: false, start, note };
}


/**
 * The leaf of a snapshot under the keep options, or undefined when the text stands between
 * values (after a comma, a colon, an opening bracket).
 *
 * @example
 * openLeaf(reader.push('[1, tr'), new Set(['string', 'array', 'object'])) // { present: false, note: partial_value_dropped }
 */
export function openLeaf(snapshot: ReaderSnapshot, keep: ReadonlySet<IncompleteKind>): OpenLeaf | undefined {
  const end = snapshot.position;
  const settled = snapshot.settled;
  if (settled !== undefined) {
    if (settled.kind !== 'number') return kept(settled.slot, settled.value, true, settled.start);
    return keep.has('number') ? kept(settled.slot, settled.value, false, settled.start) : dropped(settled.slot, settled.start, end);
  }
  const token = tokenOf(snapshot);
  const top = snapshot.top;
  if (token === undefined) {
    // A key read whole, its value still to come.
    const key = top?.kind === 'object' ? top.pendingKey : undefined;
    return key === undefined ? undefined : dropped(key, end, end);
  }
  const { slot, start } = token;
  // Numbers and words keep their exact text; a string keeps its decoded text, not the text itself.
  if (token.kind === 'string') {
    if (token.role === 'key') return dropped(undefined, start, end);
    if (!keep.has('string')) return dropped(slot, start, end);
    return kept(slot, token.text, false, start, partialChange('partial_string_kept', { span: [start, end], after: excerpt(token.text) }), true);
  }
  const raw = token.text;
  if (token.role === 'key') return dropped(undefined, start, end, raw);
  if (token.kind === 'number') {
    // At the root the number is the whole answer so far; below it, one still waiting for its delimiter.
    if (token.whole && (top === undefined || keep.has('number'))) return kept(slot, Number(token.text), false, start);
    if (!keep.has('number') || token.wholePrefix === '') return dropped(slot, start, end, raw);
    const value = Number(token.wholePrefix);
    return kept(slot, value, false, start, partialChange('partial_number_trimmed', { span: [start, end], before: raw, after: String(value) }));
  }
  const whole = literalValue(token.text);
  if (whole !== undefined) return kept(slot, whole, true, start);
  const literal = completionOf(token.text);
  if (literal === undefined || !keep.has(literal === 'null' ? 'null' : 'boolean')) return dropped(slot, start, end, raw);
  const value = literalValue(literal)!;
  return kept(slot, value, false, start, partialChange('partial_literal_completed', { span: [start, end], before: raw, after: String(value) }));
}
