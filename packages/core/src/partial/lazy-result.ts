/**
 * A result computed the first time it is read. A partial parser hands one out per push; building
 * it normalizes and validates the whole value so far, which a caller that renders a few times a
 * second does not need per chunk. The reader's work per push stays proportional to the chunk,
 * and each result costs one normalization if, and only if, it is read. Once read it holds its
 * fields as own properties: spread, JSON and structured clone see a plain result.
 */
import type { ParseFailure, ParseSuccess } from '../types.js';
import type { Frame } from './open-frame.js';
import type { PartialParseResult } from './partial-result.js';
import { snapshotOf, type Capture, type ReaderEpoch, type ReaderSnapshot, type SettledScalar, type Token } from './reader-state.js';

type AnyResult = PartialParseResult<unknown>;
type Field = keyof ParseSuccess<unknown> | keyof ParseFailure | 'complete' | 'states';

class LazyPartialResult {
  /** The judge until the result is read, then the result: one field, as a push's result is the one object it costs. */
  #judged: ((snapshot: ReaderSnapshot) => AnyResult) | { readonly result: AnyResult };
  #seq: number;
  #top: Frame | undefined;
  /** The token in progress or the value waiting for its delimiter: a snapshot has at most one of them. */
  #leaf: Token | SettledScalar | undefined;
  #text: string;
  #position: number;
  #epoch: ReaderEpoch | undefined;

  /** The parts of the reader's snapshot, kept as they are: the snapshot itself is made only when read. */
  constructor(judge: (snapshot: ReaderSnapshot) => AnyResult, seq: number, top: Frame | undefined, token: Token | undefined, text: string, settled: SettledScalar | undefined, position: number, epoch: ReaderEpoch) {
    this.#judged = judge;
    this.#seq = seq;
    this.#top = top;
    this.#leaf = token ?? settled;
    this.#text = text;
    this.#position = position;
    this.#epoch = epoch;
  }

  #read(field: Field): unknown {
    let judged = this.#judged;
    if (typeof judged === 'function') {
      const leaf = this.#leaf;
      const token = leaf !== undefined && 'role' in leaf ? leaf : undefined;
      const settled = leaf !== undefined && !('role' in leaf) ? leaf : undefined;
      judged = this.#judged = { result: judged(snapshotOf(this.#seq, this.#top, token, this.#text, settled, this.#position, this.#epoch!)) };
      // The result holds what it needs; the reader's state it was built from can go.
      this.#top = undefined;
      this.#leaf = undefined;
      this.#epoch = undefined;
      const fields = judged.result as unknown as Record<string, unknown>;
      for (const key of Object.keys(fields)) Object.defineProperty(this, key, { value: fields[key], enumerable: true, writable: true, configurable: true });
    }
    return (judged.result as unknown as Record<string, unknown>)[field];
  }

  get success(): unknown {
    return this.#read('success');
  }
  get data(): unknown {
    return this.#read('data');
  }
  get raw(): unknown {
    return this.#read('raw');
  }
  get candidate(): unknown {
    return this.#read('candidate');
  }
  get interventions(): unknown {
    return this.#read('interventions');
  }
  get repairApplied(): unknown {
    return this.#read('repairApplied');
  }
  get normalized(): unknown {
    return this.#read('normalized');
  }
  get truncated(): unknown {
    return this.#read('truncated');
  }
  get complete(): unknown {
    return this.#read('complete');
  }
  get states(): unknown {
    return this.#read('states');
  }
  get failure(): unknown {
    return this.#read('failure');
  }
  get extractionError(): unknown {
    return this.#read('extractionError');
  }
  get validationErrors(): unknown {
    return this.#read('validationErrors');
  }

  /** The plain result, for JSON.stringify. */
  toJSON(): AnyResult {
    this.#read('success');
    return (this.#judged as { readonly result: AnyResult }).result;
  }
}

/**
 * A maker of lazy results for one judge, in the shape the reader hands a snapshot's parts.
 *
 * @example
 * const make = lazyResults(judge);
 * const result = reader.capture(make); // nothing judged yet
 * result.success // judged now
 */
export function lazyResults<T>(judge: (snapshot: ReaderSnapshot) => PartialParseResult<T>): Capture<PartialParseResult<T>> {
  return (seq, top, token, text, settled, position, epoch) => new LazyPartialResult(judge as (snapshot: ReaderSnapshot) => AnyResult, seq, top, token, text, settled, position, epoch) as unknown as PartialParseResult<T>;
}
