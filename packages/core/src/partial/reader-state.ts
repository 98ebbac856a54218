/**
 * What the partial reader knows between two chunks, and the snapshot of it a push hands out:
 * the open frames, the token being read, a value waiting for its delimiter, the root's place in
 * the text. A snapshot copies only these few fields; frames are shared (see open-frame.ts).
 */
import type { Intervention } from '../types.js';
import type { Frame } from './open-frame.js';
import { wholeNumberPrefix, type NumberState } from './scalar-tokens.js';

/** A token cut off where the text ends (or still being read). */
export interface TokenView {
  readonly kind: 'string' | 'number' | 'word';
  /** A key of an object, or a value. */
  readonly role: 'key' | 'value';
  /** Where a value goes in its frame (its key or index); undefined at the root. */
  readonly slot: string | number | undefined;
  readonly start: number;
  /** Decoded text so far (strings), raw text so far (numbers, words). */
  readonly text: string;
  /** Numbers: the longest prefix that is a whole number (`-1.25` of `-1.25e+`), `''` when none. */
  readonly wholePrefix: string;
  /** Numbers: the text read so far is itself a whole number. */
  readonly whole: boolean;
}

/**
 * A number or literal read whole that waits for the delimiter after it (`,`, `]`, `}`) to count
 * as a member (a string counts once its closing quote arrives).
 */
export interface SettledScalar {
  readonly kind: 'number' | 'literal';
  readonly value: string | number | boolean | null;
  readonly slot: string | number | undefined;
  readonly start: number;
  readonly end: number;
}

/** Where the root is in the text. */
export interface RootPlace {
  /** Offset of the root's first character; -1 before it starts. */
  readonly start: number;
  /** Offset of the first non-space character of skipped prose before the root; -1 when none. */
  readonly proseStart: number;
  /** The first characters of that prose, for the intervention's `before`. */
  readonly proseExcerpt: string;
  /** Offset of the first non-space character after a complete root; -1 when none. */
  readonly trailingStart: number;
}

/**
 * The part of the reader's state that moves rarely (the root's place and end, an error, the
 * lexical records): one object shared by every snapshot until one of them moves.
 */
export interface ReaderEpoch {
  /** The complete root value, once it closed. */
  readonly done: { readonly value: unknown; readonly end: number } | undefined;
  readonly root: RootPlace;
  /** The reader's lexical interventions: the first `interventionCount` of this list (shared, append-only). */
  readonly interventions: readonly Intervention[];
  readonly interventionCount: number;
  /** A syntax error: the text cannot be read as JSON past this point. */
  readonly error: { readonly message: string; readonly position: number } | undefined;
  /** True after `end()`: nothing more will come. */
  readonly ended: boolean;
}

/** Everything a partial result is built from, as it was at the end of one push. */
export interface ReaderSnapshot extends ReaderEpoch {
  /** Members completed before this sequence number belong to the snapshot. */
  readonly seq: number;
  /** The innermost open frame; undefined at the root level. */
  readonly top: Frame | undefined;
  /** The token in progress (it grows on after the snapshot: `tokenText` is its text as it was). */
  readonly token: Token | undefined;
  readonly tokenText: string;
  readonly settled: SettledScalar | undefined;
  /** Characters read so far. */
  readonly position: number;
}

/**
 * Receives the parts of a snapshot one by one (see PartialReader.capture): a push whose result
 * nobody reads then costs only the object the receiver makes.
 */
export type Capture<R> = (seq: number, top: Frame | undefined, token: Token | undefined, tokenText: string, settled: SettledScalar | undefined, position: number, epoch: ReaderEpoch) => R;

/**
 * A snapshot from its parts.
 *
 * @example
 * reader.capture(snapshotOf) // the same as reader.snapshot()
 */
export const snapshotOf: Capture<ReaderSnapshot> = (seq, top, token, tokenText, settled, position, epoch) => ({
  seq,
  top,
  token,
  tokenText,
  settled,
  position,
  done: epoch.done,
  root: epoch.root,
  interventions: epoch.interventions,
  interventionCount: epoch.interventionCount,
  error: epoch.error,
  ended: epoch.ended,
});

/** The token the reader is in, mutable while it grows. */
export interface Token {
  kind: 'string' | 'number' | 'word';
  role: 'key' | 'value';
  slot: string | number | undefined;
  start: number;
  /**
   * Decoded text so far (strings), raw text so far (numbers, words): appended piece by piece,
   * which V8 keeps as a chain until it is read (see flatText), so a chunk costs no copy.
   */
  text: string;
  /** Strings: the closing quote (34 `"` or 39 `'`). */
  quote: number;
  /** Strings: 0 outside an escape, 1 after `\`, 2–5 reading the hex digits of `\u`. */
  escape: number;
  hex: string;
  /** Strings: a raw control character was already recorded. */
  controlNoted: boolean;
  /** Numbers: the state machine's state. */
  numberState: NumberState;
}

/**
 * A token's finished text as one flat string. Text appended piece by piece is a chain of pieces
 * in V8 until it is read; a finished token's text is kept in the value, so it is read once here
 * (which flattens it) rather than kept as thousands of pieces, or copied per chunk.
 *
 * @example
 * flatText(token) // 'Fix the login flow'
 */
export function flatText(token: Token): string {
  const text = token.text;
  if (text.length > 0) text.charCodeAt(0);
  return text;
}

/**
 * The token of a snapshot as it was when the snapshot was taken, or undefined.
 *
 * @example
 * tokenOf(reader.push('[-1.25e+')) // { kind: 'number', text: '-1.25e+', wholePrefix: '-1.25', whole: false, … }
 */
export function tokenOf(snapshot: ReaderSnapshot): TokenView | undefined {
  const token = snapshot.token;
  if (token === undefined) return undefined;
  const text = snapshot.tokenText;
  const wholePrefix = token.kind === 'number' ? wholeNumberPrefix(text) : '';
  const whole = wholePrefix.length === text.length && text.length > 0;
  return { kind: token.kind, role: token.role, slot: token.slot, start: token.start, text, wholePrefix, whole };
}
