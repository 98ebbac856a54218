/**
 * The incremental parser: a stream of model text fed chunk by chunk, a partial result after
 * each. Each push reads only its chunk (the reader resumes where the previous one stopped), so
 * feeding a whole answer costs one read of it however it is cut; a result is normalized and
 * validated when it is read (lazy-result.ts). `safeParse(text, contract, { partial: true })` is
 * one push of the whole text.
 */
import { toContract, type AnySchema, type Contract } from '../contract/contract.js';
import type { RepairProfile } from '../stage-types.js';
import { judgeSnapshot, type JudgeOptions } from './judge-snapshot.js';
import { lazyResults } from './lazy-result.js';
import { DEFAULT_KEEP, type PartialOptions } from './partial-options.js';
import type { PartialParseFailure, PartialParseResult } from './partial-result.js';
import { PartialReader } from './partial-reader.js';
import type { Capture, ReaderSnapshot } from './reader-state.js';

/** Options of a partial parser: what it keeps of cut-off values, and safeParse's own limits. */
export interface PartialParserOptions extends PartialOptions {
  /** Runtime context a normalization may fill from (as in safeParse). */
  readonly context?: Readonly<Record<string, unknown>>;
  /** Which repairs are allowed (as in safeParse); partial parsing's own records are not repairs and are not judged. */
  readonly repair?: RepairProfile;
  /** Maximum nesting depth (default 1,000). */
  readonly maxDepth?: number;
  /** A stream longer than this (UTF-16 units) fails with `syntax`. Default 16 MiB. */
  readonly maxLength?: number;
}

/**
 * A parser fed a stream chunk by chunk. Its results are built when a field is first read (then
 * they hold their fields as their own): read one before copying a result with a spread or
 * `structuredClone`.
 */
export interface PartialParser<T> {
  /** Reads one more chunk of the stream; returns the partial result after it. */
  push(chunk: string): PartialParseResult<T>;
  /** Marks the end of the stream; returns the final result (a bare number at the root is whole now). */
  end(): PartialParseResult<T>;
  /** The result after the last push (or `end()`): the same state as the one they returned. */
  readonly result: PartialParseResult<T>;
}

const DEFAULT_MAX_LENGTH = 16 * 1024 * 1024;
const DEFAULT_MAX_DEPTH = 1000;

function badContract(message: string): PartialParseFailure {
  return { success: false, failure: 'schema', extractionError: message, interventions: [], repairApplied: false, complete: false };
}

/** A throw past the stages (a bug) as a failure: model text must never crash a caller. */
function internalError(error: unknown): PartialParseFailure {
  return { success: false, failure: 'syntax', extractionError: `Internal error while parsing: ${(error as Error)?.message ?? String(error)}`, interventions: [], repairApplied: false, complete: false };
}

function settled<T>(judge: () => PartialParseResult<T>): PartialParseResult<T> {
  try {
    return judge();
  } catch (error) {
    return internalError(error);
  }
}

/** A reader for a contract and the judging of its snapshots, or the failure to read the contract. */
function prepare<T>(contractOrSchema: Contract<T> | AnySchema<T>, options: PartialParserOptions): { reader: PartialReader; judge: (snapshot: ReaderSnapshot) => PartialParseResult<T> } | PartialParseFailure {
  let contract: Contract<T>;
  try {
    contract = toContract(contractOrSchema);
  } catch (error) {
    return badContract((error as Error).message);
  }
  const reader = new PartialReader({ expect: contract.expect, maxDepth: options.maxDepth ?? DEFAULT_MAX_DEPTH, maxLength: options.maxLength ?? DEFAULT_MAX_LENGTH });
  const judging: JudgeOptions = { keep: new Set(options.keep ?? DEFAULT_KEEP), ...(options.context !== undefined && { context: options.context }), ...(options.repair !== undefined && { repair: options.repair }) };
  return { reader, judge: (snapshot) => settled(() => judgeSnapshot(snapshot, contract, judging)) };
}

/**
 * A parser for a stream of model text: push each chunk as it arrives and read the latest partial
 * result, whose `data` is the value the text supports so far, normalized by the contract.
 *
 * @example
 * const parser = createPartialParser(z.object({ title: z.string(), tags: z.array(z.string()) }));
 * parser.push('{"title": "Fix lo');            // data: { title: 'Fix lo' }, complete: false, states: { title: 'incomplete', … }
 * parser.push('gin", "tags": ["auth"]}').data; // { title: 'Fix login', tags: ['auth'] }, complete: true
 */
export function createPartialParser<T>(contractOrSchema: Contract<T> | AnySchema<T>, options: PartialParserOptions = {}): PartialParser<T> {
  const prepared = prepare(contractOrSchema, options);
  if ('success' in prepared) {
    const refusal = prepared as PartialParseResult<T>;
    return { push: () => refusal, end: () => refusal, result: refusal };
  }
  return new StreamParser(prepared.reader, prepared.judge);
}

/** A class, not an object literal: a literal with a getter made every push a slower call. */
class StreamParser<T> implements PartialParser<T> {
  readonly #make: Capture<PartialParseResult<T>>;
  /** The result `result` hands out, made on first ask after a push: a push's own result is not kept. */
  #latest: PartialParseResult<T> | undefined;

  constructor(
    private readonly reader: PartialReader,
    judge: (snapshot: ReaderSnapshot) => PartialParseResult<T>,
  ) {
    this.#make = lazyResults(judge);
  }

  push(chunk: string): PartialParseResult<T> {
    try {
      this.reader.read(typeof chunk === 'string' ? chunk : String(chunk));
    } catch (error) {
      return (this.#latest = internalError(error));
    }
    this.#latest = undefined;
    return this.reader.capture(this.#make);
  }

  end(): PartialParseResult<T> {
    try {
      this.reader.finishStream();
    } catch (error) {
      return (this.#latest = internalError(error));
    }
    this.#latest = undefined;
    return this.reader.capture(this.#make);
  }

  get result(): PartialParseResult<T> {
    return (this.#latest ??= this.reader.capture(this.#make));
  }
}

/**
 * One partial parse of a whole text, as plain data: what `safeParse(text, contract, { partial: true })` returns.
 *
 * @example
 * parsePartial('{"items": [1, 2', z.object({ items: z.array(z.number()) })).data // { items: [1] }
 */
export function parsePartial<T>(text: unknown, contractOrSchema: Contract<T> | AnySchema<T>, options: PartialParserOptions = {}): PartialParseResult<T> {
  if (typeof text !== 'string') {
    return { success: false, failure: 'empty_output', extractionError: `Expected model text as a string, received ${text === null ? 'null' : typeof text}.`, interventions: [], repairApplied: false, complete: false };
  }
  const prepared = prepare(contractOrSchema, options);
  if ('success' in prepared) return prepared as PartialParseResult<T>;
  try {
    return prepared.judge(prepared.reader.push(text));
  } catch (error) {
    return internalError(error);
  }
}
