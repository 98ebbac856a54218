/**
 * Compares two batch outputs of the same run log (two models, prompts,
 * contracts or Airlock versions): which records changed outcome, and how the
 * intervention rule counts moved. Both files are streamed side by side.
 */
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { outcomeOf } from './batch-counts.js';
import { BatchError, describeIoError } from './batch-error.js';
import type { BatchMetadata, BatchRecord, RecordOutcome } from './types.js';

/** One record whose outcome differs between the two outputs. */
export interface OutcomeChange {
  line: number;
  id: string | number | null;
  from: RecordOutcome;
  to: RecordOutcome;
}

/** Result of {@link diffBatches}. */
export interface BatchDiff {
  a: { path: string; metadata: BatchMetadata['airlock']; records: number };
  b: { path: string; metadata: BatchMetadata['airlock']; records: number };
  /** Records present in both (matched by input line). */
  compared: number;
  /** Records whose outcome changed. */
  changed: number;
  /** The first `limit` changes, in line order. */
  changes: OutcomeChange[];
  /** `from → to` → count. */
  transitions: Record<string, number>;
  /** Outcome counts of each side, over the compared records. */
  outcomes: Record<string, { a: number; b: number }>;
  /** Intervention counts per rule in each output and the delta b − a. */
  rules: Record<string, { a: number; b: number; delta: number }>;
  onlyInA: number;
  onlyInB: number;
}

interface Parsed {
  line: number;
  id: string | number | null;
  outcome: RecordOutcome;
  rules: string[];
}

type Reader = AsyncIterator<string>;

async function open(path: string): Promise<{ reader: Reader; metadata: BatchMetadata['airlock'] }> {
  try {
    await access(path);
  } catch (error) {
    throw new BatchError('input', `cannot read ${path}: ${describeIoError(error)}`);
  }
  const reader = createInterface({ input: createReadStream(path), crlfDelay: Infinity })[Symbol.asyncIterator]();
  const first = await reader.next();
  let metadata: BatchMetadata['airlock'] | undefined;
  try {
    metadata = first.done === true ? undefined : (JSON.parse(first.value) as Partial<BatchMetadata>).airlock;
  } catch {
    metadata = undefined;
  }
  if (typeof metadata !== 'object' || metadata === null) throw new BatchError('input', `${path} is not an airlock batch output (no metadata line)`);
  return { reader, metadata };
}

async function nextRecord(reader: Reader, path: string): Promise<Parsed | undefined> {
  for (;;) {
    const next = await reader.next();
    if (next.done === true) return undefined;
    if (next.value === '') continue;
    let record: BatchRecord;
    try {
      record = JSON.parse(next.value) as BatchRecord;
    } catch {
      throw new BatchError('input', `${path} has a malformed result line (${next.value.slice(0, 40)}…)`);
    }
    const result = record.result as { success: boolean; failure?: string; interventions?: { rule: string }[] };
    const interventions = Array.isArray(result?.interventions) ? result.interventions : [];
    return {
      line: record.line,
      id: record.id ?? null,
      outcome: outcomeOf({ success: result?.success === true, interventions: interventions as never, ...(result?.failure === undefined ? {} : { failure: result.failure }) }),
      rules: interventions.map((i) => String(i.rule)),
    };
  }
}

function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

/**
 * Diffs two batch outputs record by record (matched by input line number).
 *
 * @example
 * const diff = await diffBatches('before.ndjson', 'after.ndjson');
 * console.log(diff.changed, diff.rules['trailing_comma']?.delta);
 */
export async function diffBatches(pathA: string, pathB: string, options: { limit?: number } = {}): Promise<BatchDiff> {
  const limit = options.limit ?? 1000;
  const a = await open(pathA);
  let b: Awaited<ReturnType<typeof open>>;
  try {
    b = await open(pathB);
  } catch (error) {
    await a.reader.return?.();
    throw error;
  }
  try {
    return await compare(a, b, pathA, pathB, limit);
  } finally {
    await a.reader.return?.();
    await b.reader.return?.();
  }
}

type Opened = Awaited<ReturnType<typeof open>>;

async function compare(a: Opened, b: Opened, pathA: string, pathB: string, limit: number): Promise<BatchDiff> {
  const rulesA: Record<string, number> = Object.create(null) as Record<string, number>;
  const rulesB: Record<string, number> = Object.create(null) as Record<string, number>;
  const transitions: Record<string, number> = Object.create(null) as Record<string, number>;
  const outcomesA: Record<string, number> = Object.create(null) as Record<string, number>;
  const outcomesB: Record<string, number> = Object.create(null) as Record<string, number>;
  const changes: OutcomeChange[] = [];
  let countA = 0, countB = 0, compared = 0, changed = 0, onlyInA = 0, onlyInB = 0;
  let ra = await nextRecord(a.reader, pathA);
  let rb = await nextRecord(b.reader, pathB);
  while (ra !== undefined || rb !== undefined) {
    // Merge-join on line number: both outputs are in input order.
    if (ra !== undefined && (rb === undefined || ra.line < rb.line)) {
      onlyInA++;
    } else if (rb !== undefined && (ra === undefined || rb.line < ra.line)) {
      onlyInB++;
    } else if (ra !== undefined && rb !== undefined) {
      compared++;
      bump(outcomesA, ra.outcome);
      bump(outcomesB, rb.outcome);
      if (ra.outcome !== rb.outcome) {
        changed++;
        bump(transitions, `${ra.outcome} → ${rb.outcome}`);
        if (changes.length < limit) changes.push({ line: ra.line, id: ra.id ?? rb.id, from: ra.outcome, to: rb.outcome });
      }
    }
    const advanceA = ra !== undefined && (rb === undefined || ra.line <= rb.line);
    const advanceB = rb !== undefined && (ra === undefined || rb.line <= ra.line);
    if (advanceA && ra !== undefined) {
      countA++;
      for (const rule of ra.rules) bump(rulesA, rule);
      ra = await nextRecord(a.reader, pathA);
    }
    if (advanceB && rb !== undefined) {
      countB++;
      for (const rule of rb.rules) bump(rulesB, rule);
      rb = await nextRecord(b.reader, pathB);
    }
  }
  const rules: BatchDiff['rules'] = Object.create(null) as BatchDiff['rules'];
  for (const rule of new Set([...Object.keys(rulesA), ...Object.keys(rulesB)])) {
    const inA = rulesA[rule] ?? 0;
    const inB = rulesB[rule] ?? 0;
    rules[rule] = { a: inA, b: inB, delta: inB - inA };
  }
  const outcomes: BatchDiff['outcomes'] = Object.create(null) as BatchDiff['outcomes'];
  for (const key of new Set([...Object.keys(outcomesA), ...Object.keys(outcomesB)])) outcomes[key] = { a: outcomesA[key] ?? 0, b: outcomesB[key] ?? 0 };
  return {
    a: { path: pathA, metadata: a.metadata, records: countA },
    b: { path: pathB, metadata: b.metadata, records: countB },
    compared, changed, changes, transitions, outcomes, rules, onlyInA, onlyInB,
  };
}
