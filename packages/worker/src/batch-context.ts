/**
 * The runtime context of a run (`RunBatchOptions.context`): the same plain JSON
 * object handed to every record's `safeParse`, on whatever thread it runs.
 *
 * The context is put in canonical form once (keys sorted, then parsed back and
 * frozen), so every thread and the inline runner see one identical value, in
 * one key order: a check that iterates it or tries to change it behaves the same
 * everywhere, and outputs stay byte-identical whatever the thread count. Its
 * canonical JSON is written once into shared memory; a task carries only a view
 * of that memory and the fingerprint, and each thread decodes it on the first
 * task that names a fingerprint it has not seen.
 */
import { createHash } from 'node:crypto';
import { BatchError, firstLine } from './batch-error.js';

/** What a task carries to a thread: the context's canonical JSON, in shared memory, and its fingerprint. */
export interface SharedContext {
  fingerprint: string;
  /** UTF-8 canonical JSON, a view of a SharedArrayBuffer (so sending it copies nothing). */
  json: Uint8Array;
}

/** A run's context, prepared once on the calling thread. */
export interface BatchContext {
  /** The canonical value, deeply frozen: what the inline runner passes to safeParse. */
  value: Readonly<Record<string, unknown>>;
  fingerprint: string;
  shared: SharedContext;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** JSON of `value` with every object's keys sorted; throws a one-line usage error for what JSON cannot hold. */
function canonicalJson(value: Readonly<Record<string, unknown>>): string {
  try {
    return JSON.stringify(value, (_key, item: unknown) => {
      if (!isPlainObject(item)) return item;
      const sorted: Record<string, unknown> = {};
      for (const key of Object.keys(item).sort()) sorted[key] = item[key];
      return sorted;
    });
  } catch (error) {
    // A BigInt or a cycle: the context must cross threads and be fingerprinted as JSON.
    throw new BatchError('usage', `the context must be plain JSON data: ${firstLine(String((error as Error).message))}`);
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}

function fingerprintOf(json: string): string {
  return `sha256:${createHash('sha256').update(json).digest('hex')}`;
}

/**
 * The fingerprint an output's metadata records for a context: sha256 of its canonical JSON
 * (object keys sorted at every level), so key order never changes it.
 *
 * @example
 * fingerprintContext({ b: 1, a: 2 }) === fingerprintContext({ a: 2, b: 1 }) // true; 'sha256:…'
 */
export function fingerprintContext(context: Readonly<Record<string, unknown>>): string {
  return fingerprintOf(canonicalJson(context));
}

/**
 * Checks a run's context and prepares it for every thread; a one-line `usage` error when it is
 * not a JSON object.
 *
 * @example
 * const context = prepareBatchContext({ ticket_id: 'T-1' });
 * processChunk(input, contract, context.value);
 */
export function prepareBatchContext(context: unknown): BatchContext {
  if (!isPlainObject(context)) {
    const kind = context === null ? 'null' : Array.isArray(context) ? 'an array' : typeof context === 'object' ? 'a class instance' : `a ${typeof context}`;
    throw new BatchError('usage', `the context must be a plain JSON object, got ${kind}`);
  }
  const json = canonicalJson(context);
  const bytes = Buffer.from(json, 'utf8');
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  const fingerprint = fingerprintOf(json);
  return { value: deepFreeze(JSON.parse(json) as Record<string, unknown>), fingerprint, shared: { fingerprint, json: shared } };
}

/** Contexts a thread has decoded, by fingerprint; a few, for runs with different contexts sharing a pool. */
const decoded = new Map<string, Readonly<Record<string, unknown>>>();
const MAX_DECODED = 8;

/**
 * The context a task names, decoded once per thread and fingerprint (the same frozen value as
 * {@link BatchContext.value}).
 *
 * @example
 * processChunk(task, contract, task.context === undefined ? undefined : contextOf(task.context));
 */
export function contextOf(shared: SharedContext): Readonly<Record<string, unknown>> {
  let value = decoded.get(shared.fingerprint);
  if (value === undefined) {
    value = deepFreeze(JSON.parse(Buffer.from(shared.json.buffer, shared.json.byteOffset, shared.json.byteLength).toString('utf8')) as Record<string, unknown>);
    if (decoded.size >= MAX_DECODED) decoded.delete(decoded.keys().next().value!);
    decoded.set(shared.fingerprint, value);
  }
  return value;
}
