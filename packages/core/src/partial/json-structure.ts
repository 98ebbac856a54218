/**
 * The JSON half of the partial reader: punctuation, tokens, comments and the open frames, read
 * from wherever the previous chunk stopped. Modes are small numbers, and one call reads as far
 * into a chunk as the JSON goes (a run of punctuation and whitespace, a token to its end or the
 * chunk's), so a chunk costs about one call however it is cut. What lies around the root — prose
 * before it, text after it, a false start in prose — is the subclass's (partial-reader.ts),
 * reached through the hooks at the end.
 */
import type { JsonCode } from '../json/codes.js';
import type { Intervention } from '../types.js';
import { addMember, frameValue, nextSlot, openFrame, type Frame } from './open-frame.js';
import { flatText, type ReaderSnapshot, type SettledScalar, type Token } from './reader-state.js';
import { isPythonLiteral, isWholeNumber, isWordStart, literalOfPrefix, literalValue } from './scalar-tokens.js';
import { blockCommentEnd } from './skipped-text.js';
import { lexicalIntervention, newToken, readNumber, readString, readWord } from './token-readers.js';

// Modes. The structural ones come first: `mode <= AFTER` reads punctuation and token starts.
export const VALUE = 0;
export const KEY = 1;
export const COLON = 2;
export const AFTER = 3;
export const STRING = 4;
export const NUMBER = 5;
export const WORD = 6;
export const SLASH = 7;
export const LINE_COMMENT = 8;
export const BLOCK_COMMENT = 9;
export const PROSE = 10;
export const DONE = 11;
export const ERROR = 12;
export type Mode = typeof VALUE | typeof KEY | typeof COLON | typeof AFTER | typeof STRING | typeof NUMBER | typeof WORD | typeof SLASH | typeof LINE_COMMENT | typeof BLOCK_COMMENT | typeof PROSE | typeof DONE | typeof ERROR;
type StructuralMode = typeof VALUE | typeof KEY | typeof COLON | typeof AFTER;

const TOKEN_MODES = { string: STRING, number: NUMBER, word: WORD } as const;

export abstract class JsonStructure {
  protected mode: Mode;
  /** The mode a comment returns to. */
  private resume: StructuralMode = VALUE;
  /** A block comment's chunk ended on `*`: a `/` first in the next one closes it. */
  private starPending = false;
  protected frame: Frame | undefined;
  protected token: Token | undefined;
  protected settled: SettledScalar | undefined;
  /** Counts completed members (and closed frames): what a snapshot keeps of the frames. */
  protected seq = 0;
  protected interventions: Intervention[] = [];
  protected error: ReaderSnapshot['error'];
  /** Something a snapshot's epoch holds moved (see PartialReader.currentEpoch). */
  protected epochMoved = true;

  constructor(
    mode: Mode,
    private readonly maxDepth: number,
  ) {
    this.mode = mode;
  }

  /** A root container or bare scalar starts at `at`. */
  protected abstract rootStarted(at: number): void;
  /** The root is complete (the mode is already DONE). */
  protected abstract rootFinished(value: unknown, end: number): void;
  /** What looked like a bare scalar root is prose (the mode is already PROSE). */
  protected abstract rootWasProse(token: Token | undefined): void;

  protected note = (rule: JsonCode, start: number, end: number): void => {
    this.interventions.push(lexicalIntervention(rule, start, end));
    this.epochMoved = true;
  };

  /** Stops reading: the text is not JSON past `position`. `mayRetry`: see the subclass. */
  protected fail(message: string, position: number, _mayRetry = true): void {
    this.mode = ERROR;
    this.token = undefined;
    this.error = { message, position };
    this.epochMoved = true;
  }

  /**
   * Reads JSON from `text[i]` until the chunk ends or the mode leaves the JSON (prose, done,
   * error); returns where it stopped.
   */
  protected readJson(text: string, start: number, base: number): number {
    const n = text.length;
    let i = start;
    while (i < n) {
      switch (this.mode) {
        case VALUE:
        case KEY:
        case COLON:
        case AFTER:
          i = this.structural(text, i, base);
          break;
        case STRING:
          i = this.continueString(text, i, base);
          break;
        case NUMBER:
          i = this.continueNumber(text, i, base);
          break;
        case WORD:
          i = this.continueWord(text, i, base);
          break;
        case SLASH:
          i = this.afterSlash(text, i, base);
          break;
        case LINE_COMMENT: {
          const eol = text.indexOf('\n', i);
          if (eol < 0) return n;
          this.mode = this.resume;
          i = eol + 1;
          break;
        }
        case BLOCK_COMMENT:
          i = this.inBlockComment(text, i);
          break;
        default:
          return i;
      }
    }
    return i;
  }

  /** Whitespace, punctuation and token starts, as many as follow one another. */
  private structural(text: string, start: number, base: number): number {
    const n = text.length;
    let i = start;
    while (i < n && this.mode <= AFTER) {
      const c = text.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) {
        i++;
        continue;
      }
      if (c === 47) {
        this.resume = this.mode as StructuralMode;
        this.mode = SLASH;
        return i + 1;
      }
      const at = base + i;
      if (this.mode === VALUE) i = this.startValue(c, i, at);
      else if (this.mode === KEY) i = this.startKey(c, i, at);
      else if (this.mode === AFTER) i = this.afterValue(c, i, at);
      else if (c === 58) {
        this.mode = VALUE;
        i++;
      } else {
        this.fail(`Expected ':' after the key "${this.frame?.pendingKey ?? ''}".`, at);
        return i + 1;
      }
    }
    return i;
  }

  /** The character after a `/`: a line or block comment starts, or the text is not JSON. */
  private afterSlash(text: string, i: number, base: number): number {
    const c = text.charCodeAt(i);
    const at = base + i - 1;
    if (c === 47 || c === 42) {
      this.mode = c === 47 ? LINE_COMMENT : BLOCK_COMMENT;
      this.starPending = false;
      this.note(c === 47 ? 'line_comment_removed' : 'block_comment_removed', at, at + 2);
      return i + 1;
    }
    this.mode = this.resume;
    this.fail("Unexpected character '/'.", at);
    return i;
  }

  private inBlockComment(text: string, i: number): number {
    const end = blockCommentEnd(text, i, this.starPending);
    if (end >= 0) this.mode = this.resume;
    else this.starPending = text.charCodeAt(text.length - 1) === 42;
    return end >= 0 ? end : text.length;
  }

  private startValue(c: number, i: number, at: number): number {
    const frame = this.frame;
    if (c === 123 || c === 91) {
      this.openContainer(c, at);
      return i + 1;
    }
    const slot = frame === undefined ? undefined : nextSlot(frame);
    if (c === 34 || (c === 39 && frame !== undefined)) return this.startToken('string', slot, at, i + 1, c);
    if (c === 45 || (c >= 48 && c <= 57)) return this.startToken('number', slot, at, i);
    if (isWordStart(c) && (frame !== undefined || literalOfPrefix(String.fromCharCode(c)) !== undefined)) return this.startToken('word', slot, at, i);
    if (c === 93 && frame?.kind === 'array' && (frame.values.length === 0 || frame.commaAt >= 0)) return this.close(i, at);
    if (frame === undefined) {
      // Under `any`, text that starts no value is prose before the root.
      this.mode = PROSE;
      this.rootWasProse(undefined);
      return i;
    }
    this.fail(`Unexpected character '${String.fromCharCode(c)}' where a value should start.`, at);
    return i + 1;
  }

  /** A value token starts at `at`; reading goes on from `next`. A bare scalar at the root is the root. */
  private startToken(kind: Token['kind'], slot: Token['slot'], at: number, next: number, quote = 0): number {
    this.token = newToken(kind, 'value', slot, at, quote);
    this.mode = TOKEN_MODES[kind];
    if (this.frame === undefined) this.rootStarted(at);
    return next;
  }

  private startKey(c: number, i: number, at: number): number {
    const frame = this.frame!;
    if (c === 34 || c === 39) {
      this.token = newToken('string', 'key', undefined, at, c);
      this.mode = STRING;
      return i + 1;
    }
    if (isWordStart(c)) {
      this.token = newToken('word', 'key', undefined, at);
      this.mode = WORD;
      return i;
    }
    if (c === 125) return this.close(i, at);
    this.fail(`Unexpected character '${String.fromCharCode(c)}' where a key of ${frame.depth === 1 ? 'the root object' : 'an object'} should start.`, at);
    return i + 1;
  }

  /** After a member: a comma, the frame's closer, or an error. */
  private afterValue(c: number, i: number, at: number): number {
    const frame = this.frame!;
    const closer = frame.kind === 'object' ? 125 : 93;
    if (c === 44) {
      this.commitSettled();
      frame.commaAt = at;
      this.mode = frame.kind === 'object' ? KEY : VALUE;
      return i + 1;
    }
    if (c === closer) {
      this.commitSettled();
      return this.close(i, at);
    }
    this.fail(`Expected ',' or '${String.fromCharCode(closer)}' after a value, found '${String.fromCharCode(c)}'.`, at);
    return i + 1;
  }

  private commitSettled(): void {
    const settled = this.settled;
    if (settled === undefined) return;
    this.settled = undefined;
    this.addToFrame(settled.value);
  }

  /** Appends a complete value to the open frame, at its pending slot. */
  private addToFrame(value: unknown): void {
    const frame = this.frame!;
    addMember(frame, frame.pendingKey, value, this.seq++);
    frame.pendingKey = undefined;
    frame.commaAt = -1;
    this.mode = AFTER;
  }

  protected openContainer(c: number, at: number): void {
    const parent = this.frame;
    if ((parent?.depth ?? 0) + 1 > this.maxDepth) {
      this.fail(`The value nests deeper than the limit of ${this.maxDepth}.`, at, false);
      return;
    }
    if (parent === undefined) this.rootStarted(at);
    else parent.commaAt = -1;
    this.frame = openFrame(c === 123 ? 'object' : 'array', parent, parent === undefined ? undefined : nextSlot(parent), at);
    this.mode = c === 123 ? KEY : VALUE;
  }

  private close(i: number, at: number): number {
    const frame = this.frame!;
    if (frame.commaAt >= 0) this.note('trailing_comma', frame.commaAt, frame.commaAt + 1);
    const seq = this.seq++;
    frame.closedAt = seq;
    // A closed frame's lists are final: the array is the value itself, no copy.
    const value = frame.kind === 'array' ? frame.values : frameValue(frame, frame.values.length);
    const parent = frame.parent;
    this.frame = parent;
    if (parent === undefined) {
      this.finish(value, at + 1);
      return i + 1;
    }
    addMember(parent, parent.pendingKey, value, seq);
    parent.pendingKey = undefined;
    this.mode = AFTER;
    return i + 1;
  }

  protected finish(value: unknown, end: number): void {
    this.token = undefined;
    this.mode = DONE;
    this.rootFinished(value, end);
  }

  private continueString(text: string, i: number, base: number): number {
    const token = this.token!;
    const next = readString(token, text, i, base, this.note);
    if (next < 0) return text.length;
    const end = base + next;
    const value = flatText(token);
    this.token = undefined;
    if (token.quote === 39) this.note('single_quoted_string', token.start, end);
    if (token.role === 'key') {
      this.frame!.pendingKey = value;
      this.mode = COLON;
    } else if (this.frame === undefined) this.finish(value, end);
    else this.addToFrame(value);
    return next;
  }

  private continueNumber(text: string, i: number, base: number): number {
    const token = this.token!;
    const next = readNumber(token, text, i);
    if (next < 0) {
      this.fail(`The number ${flatText(token)}${text.charAt(-1 - next)} is malformed.`, base - 1 - next);
      return -next;
    }
    if (next === text.length) return next;
    const raw = flatText(token);
    // The first character after the number ends it.
    if (!isWholeNumber(token.numberState)) {
      this.fail(`The number ${raw} is cut short.`, base + next);
      return next + 1;
    }
    this.token = undefined;
    const value = Number(raw);
    if (this.frame === undefined) this.finish(value, base + next);
    else this.settle({ kind: 'number', value, slot: token.slot, start: token.start, end: base + next });
    return next;
  }

  private continueWord(text: string, i: number, base: number): number {
    const token = this.token!;
    const next = readWord(token, text, i);
    const root = this.frame === undefined;
    if (next < 0) {
      // Under `any`, a root word that spells no literal was prose (`a`, `nothing to report`).
      if (root) this.proseFrom(token);
      else this.fail(`Unexpected word '${flatText(token)}${text.charAt(-1 - next)}…' where a value should start.`, token.start);
      return -1 - next;
    }
    if (next === text.length) return next;
    const end = base + next;
    const word = flatText(token);
    this.token = undefined;
    if (token.role === 'key') {
      this.note('unquoted_key', token.start, end);
      this.frame!.pendingKey = word;
      this.mode = COLON;
      return next;
    }
    if (literalValue(word) === undefined) {
      if (root) this.proseFrom(token);
      else this.fail(`The literal ${word} is cut short.`, end);
      return next;
    }
    this.finishWord(token, end);
    return next;
  }

  private proseFrom(token: Token): void {
    this.token = undefined;
    this.mode = PROSE;
    this.rootWasProse(token);
  }

  protected finishWord(token: Token, end: number): void {
    const word = flatText(token);
    if (isPythonLiteral(word)) this.note('python_literal', token.start, end);
    const value = literalValue(word)!;
    this.token = undefined;
    if (this.frame === undefined) this.finish(value, end);
    else this.settle({ kind: 'literal', value, slot: token.slot, start: token.start, end });
  }

  /** A number or literal read whole waits for its delimiter (see SettledScalar). */
  private settle(scalar: SettledScalar): void {
    this.settled = scalar;
    this.mode = AFTER;
  }
}
