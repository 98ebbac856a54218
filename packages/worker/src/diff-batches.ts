/**
 * Compares two batch outputs of the same run log (two models, prompts,
 * contracts or Airlock versions): which records changed outcome, and how the
 * intervention rule counts moved. Both files are streamed side by side.
 */
import { outcomeOf } from './batch-counts.js';
import { BatchError } from './batch-error.js';
import { readBatchOutput, type BatchOutputReader, type BatchResultRecord } from './read-batch-output.js';
import type { BatchMetadata, RecordOutcome } from './types.js';

/** One record whose outcome differs between the two outputs. */
export interface OutcomeChange {
  line: number;
  /** The input file, in outputs of several inputs. */
  file?: string;
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
  file: string | undefined;
  /** Position in the inputs: file index, then line (outputs of several inputs restart lines per file). */
  order: number;
  id: string | number | null;
  outcome: RecordOutcome;
  rules: string[];
}

type Opened = { reader: BatchOutputReader; records: AsyncIterator<BatchResultRecord> };

/** Lines per file in the merge order: far above any log's line count. */
const FILE_STRIDE = 2 ** 32;

async function nextRecord(opened: Opened): Promise<Parsed | undefined> {
  const next = await opened.records.next();
  if (next.done === true) return undefined;
  const { line, file, id, result } = next.value;
  const index = file === undefined ? 0 : Math.max(0, opened.reader.metadata.input?.files.indexOf(file) ?? 0);
  return { line, file, order: index * FILE_STRIDE + line, id, outcome: outcomeOf(result), rules: result.interventions.map((i) => i.rule) };
}

/** Refuses to compare outputs whose metadata says they come from different logs. */
function checkSameLog(a: BatchOutputReader, b: BatchOutputReader): void {
  const fa = a.metadata.input?.fingerprint;
  const fb = b.metadata.input?.fingerprint;
  // Outputs of older versions, of stdin or of a queued merge carry no fingerprint: nothing to tell.
  if (fa == null || fb == null || fa === fb) return;
  const files = (r: BatchOutputReader): string => r.metadata.input?.files.join(' ') ?? '?';
  throw new BatchError('refused', `${a.path} and ${b.path} are outputs of different logs (${files(a)} and ${files(b)}, whose fingerprints differ); pass --force to compare them anyway`);
}

function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

/**
 * Diffs two batch outputs record by record (matched by input file and line
 * number). Throws a {@link BatchError} when their metadata says they come from
 * different logs, unless `force`.
 *
 * @example
 * const diff = await diffBatches('before.ndjson', 'after.ndjson');
 * console.log(diff.changed, diff.rules['trailing_comma']?.delta);
 */
export async function diffBatches(pathA: string, pathB: string, options: { limit?: number; force?: boolean } = {}): Promise<BatchDiff> {
  const limit = options.limit ?? 1000;
  const a = await readBatchOutput(pathA);
  let b: BatchOutputReader;
  try {
    b = await readBatchOutput(pathB);
  } catch (error) {
    await a.close();
    throw error;
  }
  try {
    if (options.force !== true) checkSameLog(a, b);
    return await compare({ reader: a, records: a[Symbol.asyncIterator]() }, { reader: b, records: b[Symbol.asyncIterator]() }, limit);
  } finally {
    await a.close();
    await b.close();
  }
}

async function compare(a: Opened, b: Opened, limit: number): Promise<BatchDiff> {
  const rulesA: Record<string, number> = Object.create(null) as Record<string, number>;
  const rulesB: Record<string, number> = Object.create(null) as Record<string, number>;
  const transitions: Record<string, number> = Object.create(null) as Record<string, number>;
  const outcomesA: Record<string, number> = Object.create(null) as Record<string, number>;
  const outcomesB: Record<string, number> = Object.create(null) as Record<string, number>;
  const changes: OutcomeChange[] = [];
  let countA = 0, countB = 0, compared = 0, changed = 0, onlyInA = 0, onlyInB = 0;
  let ra = await nextRecord(a);
  let rb = await nextRecord(b);
  while (ra !== undefined || rb !== undefined) {
    // Merge-join on line number: both outputs are in input order.
    if (ra !== undefined && (rb === undefined || ra.order < rb.order)) {
      onlyInA++;
    } else if (rb !== undefined && (ra === undefined || rb.order < ra.order)) {
      onlyInB++;
    } else if (ra !== undefined && rb !== undefined) {
      compared++;
      bump(outcomesA, ra.outcome);
      bump(outcomesB, rb.outcome);
      if (ra.outcome !== rb.outcome) {
        changed++;
        bump(transitions, `${ra.outcome} → ${rb.outcome}`);
        if (changes.length < limit) changes.push({ line: ra.line, ...(ra.file === undefined ? {} : { file: ra.file }), id: ra.id ?? rb.id, from: ra.outcome, to: rb.outcome });
      }
    }
    const advanceA = ra !== undefined && (rb === undefined || ra.order <= rb.order);
    const advanceB = rb !== undefined && (ra === undefined || rb.order <= ra.order);
    if (advanceA && ra !== undefined) {
      countA++;
      for (const rule of ra.rules) bump(rulesA, rule);
      ra = await nextRecord(a);
    }
    if (advanceB && rb !== undefined) {
      countB++;
      for (const rule of rb.rules) bump(rulesB, rule);
      rb = await nextRecord(b);
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
    a: { path: a.reader.path, metadata: a.reader.metadata, records: countA },
    b: { path: b.reader.path, metadata: b.reader.metadata, records: countB },
    compared, changed, changes, transitions, outcomes, rules, onlyInA, onlyInB,
  };
}
