/**
 * The incremental reader of partial parsing: JSON (and the lenient forms models write: single
 * quotes, unquoted keys, trailing commas, comments, Python literals, see json-structure.ts) read
 * chunk by chunk. It keeps the open containers (open-frame.ts) and the token in progress, so
 * each push reads only its own characters: total work is linear in the stream's length. Text
 * before the root (prose, a fence opener) is skipped, text after it noted; a push ends with a
 * snapshot (reader-state.ts) that a partial result is built from on demand.
 */
import { DONE, ERROR, JsonStructure, PROSE, VALUE } from './json-structure.js';
import { flatText, snapshotOf, type Capture, type ReaderEpoch, type ReaderSnapshot, type RootPlace, type Token } from './reader-state.js';
import { isWholeNumber, literalValue } from './scalar-tokens.js';
import { afterProse, proseEnd, PROSE_EXCERPT, skipSpaces } from './skipped-text.js';

export interface ReaderOptions {
  /** The contract's root shape: under `any` a bare scalar at the very start is the root. */
  readonly expect: 'object' | 'array' | 'any';
  readonly maxDepth: number;
  readonly maxLength: number;
}

/**
 * A root found by skipping prose may be prose itself (`see [1] below`): an error within this many
 * characters of it, before any member completed, resumes the skip one character further on.
 */
const RETRY_WINDOW = 64;

/**
 * Reads a stream of text as JSON, one chunk at a time.
 *
 * @example
 * const reader = new PartialReader({ expect: 'object', maxDepth: 1000, maxLength: 1 << 24 });
 * reader.push('{"title": "Fix lo');
 * reader.push('gin"}').done?.value // { title: 'Fix login' }
 */
export class PartialReader extends JsonStructure {
  private done: ReaderSnapshot['done'];
  private offset = 0;
  private ended = false;
  private root: RootPlace = { start: -1, proseStart: -1, proseExcerpt: '', trailingStart: -1 };
  /** Text read since a root found by skipping prose started, while that root may still be prose. */
  private window: string | undefined;
  private windowInterventions = 0;
  private retry = false;
  /** The error of the last root given up for prose: reported if the stream ends with no other root. */
  private abandoned: ReaderSnapshot['error'];
  /** The last epoch handed out (see currentEpoch). */
  private epoch: ReaderEpoch | undefined;

  constructor(private readonly options: ReaderOptions) {
    super(options.expect === 'any' ? VALUE : PROSE, options.maxDepth);
  }

  /** Reads one more chunk; returns the snapshot after it. */
  push(chunk: string): ReaderSnapshot {
    this.read(chunk);
    return this.snapshot();
  }

  /** Reads one more chunk. */
  read(chunk: string): void {
    if (this.ended || this.mode === ERROR) return;
    if (this.offset + chunk.length > this.options.maxLength) this.fail(`The model output is over the limit of ${this.options.maxLength} characters.`, this.offset, false);
    else this.feed(chunk);
  }

  /** Marks the end of the stream (a bare number or literal at the root is then whole); returns the snapshot. */
  end(): ReaderSnapshot {
    this.finishStream();
    return this.snapshot();
  }

  /** Marks the end of the stream. */
  finishStream(): void {
    const token = this.token;
    if (!this.ended && this.mode !== ERROR && this.frame === undefined && token !== undefined) {
      if (token.kind === 'number' && isWholeNumber(token.numberState)) this.finish(Number(flatText(token)), this.offset);
      else if (token.kind === 'word' && literalValue(flatText(token)) !== undefined) this.finishWord(token, this.offset);
    }
    if (this.root.start < 0 && this.abandoned !== undefined && this.mode !== ERROR) {
      this.mode = ERROR;
      this.error = this.abandoned;
    }
    this.ended = true;
    this.epochMoved = true;
  }

  /** The state as it stands. */
  snapshot(): ReaderSnapshot {
    return this.capture(snapshotOf);
  }

  /** The state as it stands, handed part by part to `make`. */
  capture<R>(make: Capture<R>): R {
    const token = this.token;
    return make(this.seq, this.frame, token, token === undefined ? '' : token.text, this.settled, this.offset, this.currentEpoch());
  }

  /** The rarely moving state: the last epoch made, unless something in it moved since. */
  private currentEpoch(): ReaderEpoch {
    if (!this.epochMoved && this.epoch !== undefined) return this.epoch;
    this.epochMoved = false;
    const interventions = this.interventions;
    return (this.epoch = { done: this.done, root: this.root, interventions, interventionCount: interventions.length, error: this.error, ended: this.ended });
  }

  private feed(chunk: string): void {
    let text = chunk;
    let base = this.offset;
    let i = 0;
    while (i < text.length) {
      if (this.mode === PROSE) i = this.skipProse(text, i, base);
      else if (this.mode === DONE) {
        this.noteTrailing(text, i, base);
        break;
      } else if (this.mode === ERROR) break;
      else i = this.readJson(text, i, base);
      if (this.retry) {
        // Back to the prose skip, one character after the false root; its reading is undone.
        this.retry = false;
        const start = this.root.start;
        const opener = start >= base ? text.charAt(start - base) : (this.window ?? '').charAt(0);
        text = start >= base ? text.slice(start - base + 1) : (this.window ?? '').slice(1) + text;
        base = start + 1;
        i = 0;
        this.resetToProse(opener);
      }
    }
    this.offset = base + text.length;
    if (this.window !== undefined) this.keepWindow(text, base);
  }

  /** Keeps the text of a prose-found root while an error in it would still resume the skip. */
  private keepWindow(text: string, base: number): void {
    const start = this.root.start;
    const live = this.mode !== DONE && this.mode !== ERROR && this.seq === 0 && this.offset - start < RETRY_WINDOW;
    this.window = live ? (start >= base ? text.slice(start - base) : this.window + text) : undefined;
  }

  private resetToProse(opener: string): void {
    this.mode = PROSE;
    this.frame = undefined;
    this.token = undefined;
    this.settled = undefined;
    this.window = undefined;
    // A new list: snapshots taken during the false root keep theirs.
    this.interventions = this.interventions.slice(0, this.windowInterventions);
    this.epochMoved = true;
    const place = this.root;
    const excerpt = place.proseExcerpt.length < PROSE_EXCERPT ? place.proseExcerpt + opener : place.proseExcerpt;
    this.setRoot({ start: -1, proseStart: place.proseStart < 0 ? place.start : place.proseStart, proseExcerpt: excerpt, trailingStart: -1 });
  }

  /** A root found in prose that fails early resumes the skip instead (see RETRY_WINDOW). */
  protected override fail(message: string, position: number, mayRetry = true): void {
    if (mayRetry && this.window !== undefined && this.seq === 0 && position - this.root.start < RETRY_WINDOW) {
      this.retry = true;
      this.abandoned = { message, position };
      // Stops the JSON reading; the prose skip takes over in feed.
      this.mode = PROSE;
      return;
    }
    super.fail(message, position);
  }

  private skipProse(text: string, i: number, base: number): number {
    const j = proseEnd(text, i);
    this.setRoot(afterProse(this.root, text, i, j, base));
    if (j === text.length) return j;
    // Only a bracket after prose may be prose itself: text that starts with one is the root.
    this.window = this.root.proseStart >= 0 ? '' : undefined;
    this.windowInterventions = this.interventions.length;
    this.openContainer(text.charCodeAt(j), base + j);
    return j + 1;
  }

  protected rootStarted(at: number): void {
    this.setRoot({ ...this.root, start: at });
  }

  protected rootFinished(value: unknown, end: number): void {
    this.done = { value, end };
    this.epochMoved = true;
    this.window = undefined;
  }

  protected rootWasProse(token: Token | undefined): void {
    const place = this.root;
    if (token === undefined || place.proseStart >= 0) this.setRoot({ ...place, start: -1 });
    else this.setRoot({ ...place, start: -1, proseStart: token.start, proseExcerpt: flatText(token).slice(0, PROSE_EXCERPT) });
  }

  private noteTrailing(text: string, i: number, base: number): void {
    const first = skipSpaces(text, i);
    if (this.root.trailingStart < 0 && first < text.length) this.setRoot({ ...this.root, trailingStart: base + first });
  }

  private setRoot(place: RootPlace): void {
    if (place === this.root) return;
    this.root = place;
    this.epochMoved = true;
  }
}
