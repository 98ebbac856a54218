/**
 * Partial parsing: a streamed answer fed to `createPartialParser` in 4-byte chunks, the way a
 * model's deltas arrive, against one partial parse of the whole text — the ratio at 100 KB
 * (target at most 3: chunking re-reads nothing) and, beside it, against `safeParse` without
 * partial mode; and the growth exponent of chunked feeding (full: 10 KB, 100 KB, 1 MB; quick:
 * 8 KB, 32 KB, 128 KB; target at most 1.15). Each feed ends with
 * `end()` and reads the final result, as a caller does; the results of the pushes in between
 * are computed only when read (see core's lazy-result.ts), so they are not. Then the share of
 * the partial corpora (partial_json, BAML's streaming cases, best-effort's cut-off input) where
 * partial mode gives the peer's outcome, with their per-group tables as notes.
 */
import { createPartialParser, safeParse } from '@airlock/core';
import { z } from 'zod';
import { formatSize } from '../generate/parse-size.js';
import { Rng } from '../generate/rng.js';
import { fitGrowthExponent, type GrowthPoint } from '../measure/growth-exponent.js';
import { importForSuite } from '../optional/try-import.js';
import type { RatioSpec } from '../report/results.js';
import type { Suite } from './suite.js';
import { pairedTimeRatio } from './suite-recorder.js';

const issue = z.object({ id: z.string(), file: z.string(), line: z.number().int(), severity: z.enum(['minor', 'major', 'critical']), message: z.string(), tags: z.array(z.string()) });
const review = z.object({ summary: z.string(), verdict: z.enum(['approve', 'request_changes']), issues: z.array(issue) });

const WORDS = ['session', 'expiry', 'token', 'compared', 'seconds', 'against', 'milliseconds', 'the', 'login', 'flow', 'retries', 'cache', 'is', 'never', 'cleared', 'when', 'user', 'signs', 'out'];

/** A review answer of about `bytes` characters, pretty-printed as models stream it. */
export function streamedReview(bytes: number, seed: number): string {
  const rng = new Rng(seed);
  const issues: z.infer<typeof issue>[] = [];
  const value = { summary: 'Review of the session handling change.', verdict: 'request_changes', issues };
  let size = JSON.stringify(value, null, 2).length;
  while (size < bytes) {
    const message = Array.from({ length: rng.int(6, 18) }, () => rng.pick(WORDS)).join(' ');
    const item = { id: `I-${issues.length + 1}`, file: `src/auth/${rng.pick(['session', 'token', 'cache'])}.ts`, line: rng.int(1, 900), severity: rng.pick(['minor', 'major', 'critical'] as const), message, tags: rng.sample(['auth', 'ui', 'perf', 'security'], rng.int(0, 3)) };
    issues.push(item);
    size += JSON.stringify(item, null, 2).length + 6;
  }
  return JSON.stringify(value, null, 2);
}

/** The text in chunks of `size` characters. */
function chunksOf(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** One feed of the chunks, ending the stream and reading the final result. */
function feed(chunks: readonly string[]): boolean {
  const parser = createPartialParser(review);
  for (const chunk of chunks) parser.push(chunk);
  const result = parser.end();
  return result.success && result.complete;
}

/** Text each timed round feeds at least (small sizes repeat), as the adversarial suite does. */
const ROUND_BYTES = 2 * 1024 * 1024;
/**
 * Timed rounds per size, the median kept: at 1 MB a round that holds a full collection of the
 * old generation takes half again as long as one that does not (18 to 29 ms), and three rounds
 * let one such round decide the exponent.
 */
const ROUNDS = 5;

/** Time of one feed in ms, from one round of enough feeds to read {@link ROUND_BYTES}. */
function timeRound(chunks: readonly string[], bytes: number): number {
  const passes = Math.max(1, Math.ceil(ROUND_BYTES / Math.max(bytes, 1)));
  const start = performance.now();
  for (let p = 0; p < passes; p++) feed(chunks);
  return (performance.now() - start) / passes;
}

/**
 * Median time of one feed per answer, over `rounds` rounds that each time every answer once in
 * turn: a stretch of the bench process's collector (an earlier suite's heap being compacted)
 * then falls on every size alike, instead of on the rounds of one size and the exponent with it.
 */
function timeFeedsInterleaved(answers: readonly (readonly string[])[], bytes: readonly number[], rounds: number): number[] {
  const times = answers.map((): number[] => []);
  for (let r = 0; r < rounds; r++) answers.forEach((chunks, k) => times[k]!.push(timeRound(chunks, bytes[k]!)));
  return times.map((list) => list.sort((a, b) => a - b)[Math.floor(list.length / 2)]!);
}

/** The work of chunking: the same answer, the same parser, fed whole or four characters at a time. */
export const PARTIAL_CHUNKED_VS_WHOLE: RatioSpec = {
  id: 'partial.chunked_4b_vs_whole_100kb',
  label: 'Partial parsing, 100 KB answer: 4-byte chunks through createPartialParser (time) / one partial parse of the whole text',
  unit: 'x',
  better: 'lower',
  target: { op: '<=', value: 3 },
};
export const PARTIAL_CHUNKED_VS_PLAIN: RatioSpec = { id: 'partial.chunked_4b_vs_safeparse_100kb', label: 'Partial parsing, 100 KB answer: 4-byte chunks (time) / one safeParse of the whole text without partial mode', unit: 'x', better: 'lower' };
export const PARTIAL_CHUNKED_EXPONENT: RatioSpec = { id: 'partial.chunked_exponent', label: 'Partial parsing, 4-byte chunks: fitted growth exponent of the time over the answer size (1.0 = linear)', unit: '', better: 'lower', target: { op: '<=', value: 1.15 } };

/** The partial corpora and their targets (share of scored cases matching the peer). */
const CORPUS_TARGETS: readonly [name: string, label: string, target: number][] = [
  ['partial_json', "partial-json-parser's cases (dev half) through partial mode", 90],
  ['baml_streaming', "BAML's streaming cases (dev half) through partial mode", 85],
  ['best_effort_partial', "best-effort-json-parser's cut-off input through partial mode", 90],
];

interface Tally {
  scored: number;
  matched: number;
  rate: number;
}

type CorpusRun = { spec: { name: string }; outcomes: unknown[] } | { spec: { name: string }; missing: string };

interface Runner {
  runConformance(only?: readonly string[]): CorpusRun[];
  headlineRates(runs: CorpusRun[]): Partial<Record<string, Tally>>;
}

interface Formatter {
  corpusTable(run: CorpusRun): string;
}

/** Full mode: 10 KB, 100 KB, 1 MB (the range the target is set for); quick mode: 8 KB to 128 KB, 4× apart. */
export function partialSizes(mode: 'quick' | 'full'): number[] {
  return mode === 'quick' ? [8 * 1024, 32 * 1024, 128 * 1024] : [10 * 1024, 100 * 1024, 1024 * 1024];
}

export const partialSuite: Suite = {
  name: 'partial',
  description: 'Partial parsing: a streamed answer in 4-byte chunks vs one parse of the whole text, growth of chunked feeding, and the partial corpora through partial mode',
  async run(ctx, rec) {
    const text = streamedReview(100 * 1024, ctx.seed);
    const bytes = Buffer.byteLength(text);
    const chunks = chunksOf(text, 4);
    if (!feed(chunks) || !safeParse(text, review).success) throw new Error('partial: the generated answer does not parse whole');
    const [whole, chunked, plain] = await rec.measureGroup('100 KB', [
      { subject: 'safeParse partial (whole text, one push)', fn: () => safeParse(text, review, { partial: true }) },
      { subject: 'createPartialParser (4-byte chunks, then end)', fn: () => feed(chunks) },
      { subject: 'safeParse (whole text, not partial)', fn: () => safeParse(text, review) },
    ], bytes);
    const ratio = (a: typeof whole, b: typeof whole): number | null => (a != null && b != null ? pairedTimeRatio(a, b) : null);
    rec.ratio(PARTIAL_CHUNKED_VS_WHOLE, ratio(chunked, whole), `${chunks.length} pushes`);
    rec.ratio(PARTIAL_CHUNKED_VS_PLAIN, ratio(chunked, plain), 'safeParse without partial mode reads a clean text with JSON.parse (native); the partial reader is JavaScript, one character at a time');

    const sizes = partialSizes(ctx.mode);
    const answers = sizes.map((size) => streamedReview(size, ctx.seed));
    const pieces = answers.map((answer) => chunksOf(answer, 4));
    // A feed of each first, untimed: the heap grows to each size's working set once, not in a timed round.
    for (const chunks of pieces) feed(chunks);
    const times = timeFeedsInterleaved(pieces, answers.map((a) => a.length), ROUNDS);
    const points: GrowthPoint[] = [];
    sizes.forEach((size, k) => {
      rec.timed(`chunked ${formatSize(size)}`, 'createPartialParser (4-byte chunks, then end)', times[k]!, Buffer.byteLength(answers[k]!));
      points.push({ size: answers[k]!.length, time: times[k]! });
    });
    rec.ratio(PARTIAL_CHUNKED_EXPONENT, fitGrowthExponent(points), `${formatSize(sizes[0]!)} to ${formatSize(sizes[sizes.length - 1]!)}`);

    const runner = await importForSuite<Runner>(rec, 'partial', 'partial conformance', 'core/src/conformance/run-conformance.ts');
    const format = await importForSuite<Formatter>(rec, 'partial', 'partial conformance tables', 'core/src/conformance/format-conformance.ts');
    if (runner === undefined) return;
    const runs = runner.runConformance(CORPUS_TARGETS.map(([name]) => name));
    const rates = runner.headlineRates(runs);
    for (const run of runs) {
      if ('missing' in run) rec.unavailable('partial', run.spec.name, run.missing);
      else if (format !== undefined) rec.note(format.corpusTable(run));
    }
    for (const [name, label, target] of CORPUS_TARGETS) {
      const t = rates[name];
      rec.ratio({ id: `partial.conformance.${name}`, label, unit: '%', better: 'higher', target: { op: '>=', value: target } }, t === undefined || t.scored === 0 ? null : t.rate * 100, t === undefined ? 'corpus not found' : `${t.matched}/${t.scored} scored cases`);
    }
  },
};
