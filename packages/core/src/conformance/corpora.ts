/**
 * The peers' corpora in `<repo>/../shared/conformance` (see its README.md): which files make
 * up the safeParse-level conformance suite and the case format they share. The files are read
 * at run time and never copied into the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { conformanceDir } from '../json/conformance/load-conformance.js';

/** Short names of the corpora, as the printer's `--corpus` and the bench metrics spell them. */
export type CorpusName = 'jsonrepair' | 'best_effort' | 'json_repair' | 'baml' | 'partial_json' | 'baml_streaming' | 'best_effort_partial';

export interface CorpusSpec {
  readonly name: CorpusName;
  readonly file: string;
  /** What the peer is, for table headers. */
  readonly peer: string;
  /** The cases of the file this corpus runs (all when absent). */
  readonly select?: (c: PeerCase) => boolean;
}

/** BAML's streaming cases: the input is a prefix of a streamed answer. */
function bamlStreaming(c: PeerCase): boolean {
  return c.options?.['streaming'] === true;
}

/**
 * best-effort-json-parser's cases about cut-off input: the tests that say "incomplete", the one
 * that refuses invalid (not incomplete) text among them.
 */
function bestEffortTruncated(c: PeerCase): boolean {
  return /incomplete/i.test(c.test);
}

/** Every corpus the suite runs, in print order. */
export const CORPORA: readonly CorpusSpec[] = [
  { name: 'json_repair', file: 'json_repair.dev.json', peer: 'mangiucugna/json_repair (dev half)' },
  { name: 'baml', file: 'baml.dev.json', peer: 'BAML jsonish (dev half)' },
  { name: 'jsonrepair', file: 'jsonrepair.json', peer: 'josdejong/jsonrepair' },
  { name: 'best_effort', file: 'best-effort-json-parser.json', peer: 'beenotung/best-effort-json-parser' },
  { name: 'partial_json', file: 'partial_json.dev.json', peer: 'promplate/partial-json-parser (dev half)' },
  { name: 'baml_streaming', file: 'baml.dev.json', peer: 'BAML jsonish, streaming cases (dev half)', select: bamlStreaming },
  { name: 'best_effort_partial', file: 'best-effort-json-parser.json', peer: 'beenotung/best-effort-json-parser, cut-off input', select: bestEffortTruncated },
];

/** One peer assertion, the union of the fields the corpora use (README.md, "Case format"). */
export interface PeerCase {
  readonly id: string;
  readonly test: string;
  readonly kind: 'repair' | 'schema' | 'throw';
  readonly input: string;
  readonly expected?: unknown;
  readonly expected_text?: string;
  /** json_repair: the peer returned "" (it found no value): a refusal matches. */
  readonly expected_empty?: boolean;
  /** json_repair and partial_json: the peer's entry point. */
  readonly function?: string;
  /** json_repair keyword arguments, BAML `streaming`/`output`, partial_json `allow`. */
  readonly options?: Readonly<Record<string, unknown>>;
  /** The case needs a non-default option of the peer. */
  readonly nondefault?: boolean;
  /** json_repair: a JSON Schema; BAML: `{ target, classes, enums, aliases }`. */
  readonly schema?: unknown;
}

/**
 * The shared folder, or undefined when it is absent (a clone without `../shared`).
 *
 * @example
 * sharedConformanceDir() // '/work/shared/conformance'
 */
export function sharedConformanceDir(): string | undefined {
  return conformanceDir();
}

/**
 * Reads one corpus, or undefined when its file is absent.
 *
 * @example
 * loadCorpus(CORPORA[0]!)?.length // 184
 */
export function loadCorpus(spec: CorpusSpec, dir: string | undefined = sharedConformanceDir()): PeerCase[] | undefined {
  if (dir === undefined || !existsSync(join(dir, spec.file))) return undefined;
  const cases = JSON.parse(readFileSync(join(dir, spec.file), 'utf8')) as PeerCase[];
  return spec.select === undefined ? cases : cases.filter(spec.select);
}
