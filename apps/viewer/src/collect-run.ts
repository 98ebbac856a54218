/**
 * Turns one batch output into what a report embeds: a columnar index the
 * page's list reads at once, and the records' details as JSON chunks the page
 * parses only when a record is opened. One pass, records streamed.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { ParseResult } from '@airlock/core';
import { NO_AGENT, outcomeOf } from '@airlock/worker';
import type { EmbeddedRun, RecordDetails } from './report-format.js';

/** One record of a batch output, as the batch output reader yields it. */
export interface ReportRecord {
  line: number;
  /** The run log the record comes from, in an output of several logs. */
  file?: string;
  id: string | number | null;
  agent?: string;
  result: ParseResult<unknown>;
  /** A `truncated` failure's partial value and open paths, in an output of a run with `--salvage-truncated`. */
  salvaged?: { data: unknown; states: Record<string, string> };
}

/** A batch output to show: its metadata, its records, and (optionally) the run log's raw texts. */
export interface ReportRunInput {
  /** Shown as the run's name (usually the output's file name). */
  label: string;
  /** The output's metadata line (`airlock` part). */
  metadata: object;
  records: AsyncIterable<ReportRecord> | Iterable<ReportRecord>;
  /** The raw model text of a run-log line (of `file`, in an output of several logs), when the logs are at hand. */
  rawText?: (line: number, file?: string) => string | undefined;
}

/** A run ready to embed: its index and its detail chunks (gzip-compressed JSON arrays of {@link RecordDetails}). */
export interface CollectedRun {
  run: EmbeddedRun;
  chunks: Buffer[];
}

const gzipAsync = promisify(gzip);

/** Default records per detail chunk: opening a record parses one chunk, so keep them small. */
export const DEFAULT_CHUNK_SIZE = 200;

class Dictionary {
  readonly names: string[] = [];
  private readonly index = new Map<string, number>();
  indexOf(name: string): number {
    let k = this.index.get(name);
    if (k === undefined) {
      k = this.names.length;
      this.names.push(name);
      this.index.set(name, k);
    }
    return k;
  }
}

/** The result as a report shows it: `raw` is left out of a success whose raw value equals its data. */
function shownResult(result: ParseResult<unknown>): Record<string, unknown> {
  if (!result.success || (result.raw !== result.data && JSON.stringify(result.raw) !== JSON.stringify(result.data))) return result as unknown as Record<string, unknown>;
  const { raw: _raw, ...rest } = result;
  return rest as unknown as Record<string, unknown>;
}

/** The log names an output's metadata records (`input.files`), stdin left out: it has no name to link to. */
function namedLogs(metadata: object): string[] {
  const files = (metadata as { input?: { files?: unknown } }).input?.files;
  return Array.isArray(files) ? files.filter((f): f is string => typeof f === 'string' && f !== '-') : [];
}

function bump(map: Record<string, number>, key: string, by = 1): void {
  map[key] = (map[key] ?? 0) + by;
}

/**
 * Reads a run's records into an {@link EmbeddedRun} and its detail chunks.
 *
 * @example
 * const { run, chunks } = await collectRun({ label: 'out.ndjson', metadata, records });
 * run.outcomes; // ['valid_untouched', 'failed:schema', …]
 */
export async function collectRun(input: ReportRunInput, chunkSize = DEFAULT_CHUNK_SIZE): Promise<CollectedRun> {
  const outcomes = new Dictionary();
  const agents = new Dictionary();
  const rules = new Dictionary();
  const ruleSets = new Dictionary();
  const ruleSetLists: number[][] = [];
  const files = new Dictionary();
  for (const name of namedLogs(input.metadata)) files.indexOf(name);
  const run: EmbeddedRun = {
    label: input.label, metadata: { ...input.metadata }, outcomes: outcomes.names, agents: agents.names, rules: rules.names, ruleSets: ruleSetLists,
    files: files.names, line: [], file: [], id: [], agent: [], outcome: [], ruleSet: [],
    ruleCounts: Object.create(null) as Record<string, number>, agentInterventions: Object.create(null) as Record<string, number>,
    chunkSize, chunks: 0, hasRawText: input.rawText !== undefined,
  };
  let salvaged = 0;
  // Chunks are compressed as they fill (on libuv's pool), so only compressed bytes pile up.
  const chunks: Promise<Buffer>[] = [];
  let chunk: string[] = [];
  const close = (): void => {
    chunks.push(gzipAsync(`[${chunk.join(',')}]`, { level: 6 }));
    chunk = [];
  };
  for await (const record of input.records) {
    const { result } = record;
    run.line.push(record.line);
    run.file.push(record.file === undefined ? (files.names.length === 1 ? 0 : -1) : files.indexOf(record.file));
    run.id.push(record.id);
    run.agent.push(record.agent === undefined ? -1 : agents.indexOf(record.agent));
    run.outcome.push(outcomes.indexOf(outcomeOf(result)));
    const fired = [...new Set(result.interventions.map((i) => rules.indexOf(i.rule)))].sort((x, y) => x - y);
    const setKey = fired.join(',');
    const setIndex = ruleSets.indexOf(setKey);
    if (setIndex === ruleSetLists.length) ruleSetLists.push(fired);
    run.ruleSet.push(setIndex);
    for (const intervention of result.interventions) bump(run.ruleCounts, intervention.rule);
    bump(run.agentInterventions, record.agent ?? NO_AGENT, result.interventions.length);
    const text = input.rawText?.(record.line, record.file);
    const details: RecordDetails = text === undefined ? { result: shownResult(result) } : { text, result: shownResult(result) };
    if (record.salvaged !== undefined) {
      details.salvaged = record.salvaged;
      salvaged++;
    }
    chunk.push(JSON.stringify(details));
    if (chunk.length === chunkSize) close();
  }
  if (chunk.length > 0) close();
  // One log: every record is in it, so the column would only repeat 0.
  if (files.names.length <= 1) run.file = [];
  run.chunks = chunks.length;
  run.salvaged = salvaged;
  return { run, chunks: await Promise.all(chunks) };
}
