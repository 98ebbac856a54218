/**
 * Links to one record of a report: `report.html#<log>:<line>`, the run log's name and the
 * record's line in it, the way a batch output identifies a record. The page keeps its address
 * on the open record, so the address bar is always a link to what is shown.
 */
import type { EmbeddedRun } from '../report-format.js';

/** A record's place: its run log (as a link names it) and its line there. */
export interface RecordPlace {
  /** The log's name or its last path segment; undefined matches any log. */
  file: string | undefined;
  line: number;
}

function lastSegment(path: string): string {
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
}

/** The run log of record `k` as the output names it, or undefined when it names none. */
export function recordFile(run: EmbeddedRun, k: number): string | undefined {
  return run.files[run.file.length === 0 ? 0 : run.file[k]!];
}

/**
 * The address fragment of record `k`: the log's file name when no other log of the run shares
 * it (else its path as the output names it), then its line; `#<line>` when the run names no log.
 *
 * @example
 * recordHash(run, 24); // '#sample-run-log.jsonl:25'
 */
export function recordHash(run: EmbeddedRun, k: number): string {
  const line = run.line[k]!;
  const file = recordFile(run, k);
  if (file === undefined) return `#${line}`;
  const short = lastSegment(file);
  const name = run.files.filter((f) => lastSegment(f) === short).length === 1 ? short : file;
  try {
    // encodeURI keeps a path readable; '#' would end the fragment, so it is encoded too.
    return `#${encodeURI(name).replace(/#/g, '%23')}:${line}`;
  } catch {
    return `#${line}`; // a name with a lone surrogate has no URI form
  }
}

/**
 * A record's address fragment as a person reads it (escapes decoded).
 *
 * @example
 * readableHash('#runs%20b.jsonl:12'); // '#runs b.jsonl:12'
 */
export function readableHash(hash: string): string {
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/**
 * Reads a record's place from an address fragment, or undefined when it names none.
 *
 * @example
 * parseRecordHash('#runs%20b.jsonl:12'); // { file: 'runs b.jsonl', line: 12 }
 */
export function parseRecordHash(hash: string): RecordPlace | undefined {
  const match = /^#?(?:([\s\S]*):)?(\d{1,15})$/.exec(hash);
  if (match === null) return undefined;
  try {
    return { file: match[1] === undefined ? undefined : decodeURIComponent(match[1]), line: Number(match[2]) };
  } catch {
    return undefined; // a malformed escape: no place
  }
}

/**
 * Index of the record at a place in a run, or -1. The log matches by its name as the output
 * records it or by its file name; a run that names no log matches by line alone.
 *
 * @example
 * findRecord(run, { file: 'runs.jsonl', line: 12 }); // 11
 */
export function findRecord(run: EmbeddedRun, place: RecordPlace): number {
  let wanted: Set<number> | undefined;
  if (place.file !== undefined && run.files.length > 0) {
    wanted = new Set(run.files.flatMap((f, i) => (f === place.file || lastSegment(f) === place.file ? [i] : [])));
    if (wanted.size === 0) return -1;
  }
  for (let k = 0; k < run.line.length; k++) {
    if (run.line[k] !== place.line) continue;
    if (wanted === undefined || wanted.has(run.file.length === 0 ? 0 : run.file[k]!)) return k;
  }
  return -1;
}
