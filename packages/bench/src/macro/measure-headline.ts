/**
 * The results' headline: what a user waits for. One fresh process per subject and log (see
 * whole-process.ts): the naive script writing its results, and `airlock batch` inline, on 1 and
 * on 2 threads, the one with the CLI's default thread count run without `--threads`, as users
 * run it. 20 MB and 200 MB of the default mix (quick: 1 MB), subjects interleaved, best of the
 * rounds; the peak RSS of every subject. The in-process passes of the macro suite (warm pools,
 * per-kind times) diagnose what this table shows.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureLog } from '../generate/ensure-log.js';
import { formatSize } from '../generate/parse-size.js';
import type { RatioSpec } from '../report/results.js';
import { PROCESS_PEAK_RSS, processDefaultVsNaive, processTwoVsOne } from '../report/targets.js';
import { PROCESS_COLUMNS, PROCESS_SUBJECTS, processCase, processPeakRssId, processRatioId, processSubjectLabel, type ProcessSubjectKey } from '../report/whole-process-names.js';
import type { SuiteRecorder } from '../suites/suite-recorder.js';
import type { SuiteContext } from '../suites/suite.js';
import { compareOutputs } from './same-outputs.js';
import { bestOf, cliDefaultThreads, interleaved, sameModeSpreads, timeProcess, warmUp, wholeProcessUnavailable, type ProcessRun, type ProcessSubject } from './whole-process.js';

const MB = 1024 * 1024;
/** The log of the untimed warm-up runs (see warmUp): small, so they cost a fraction of a second each. */
const WARM_UP_LOG = 16 * 1024;

/** The subjects of one log: the explicit thread counts, the default one without its flag. */
function subjectsFor(defaultThreads: number | undefined): Map<ProcessSubjectKey, ProcessSubject> {
  const subjects = new Map<ProcessSubjectKey, ProcessSubject>([['naive', { kind: 'naive' }]]);
  for (const [key, threads] of [['cli0', 0], ['cli1', 1], ['cli2', 2]] as const) subjects.set(key, { kind: 'cli', threads, flag: threads !== defaultThreads });
  if (defaultThreads !== undefined && defaultThreads > 2) subjects.set('cli_default', { kind: 'cli', threads: defaultThreads, flag: false });
  return subjects;
}

/** What a batch's statistics say it ran on, and why when it is not what `--threads` asked. */
function threadsNote(subject: ProcessSubject, run: ProcessRun): string {
  if (subject.kind !== 'cli' || run.threads === null) return '';
  const ran = run.threads === 0 ? 'ran inline' : `ran on ${run.threads} thread(s)`;
  return run.threads === subject.threads ? `; ${ran}` : `; ${ran} (the CLI runs a log below its threshold inline whatever --threads says)`;
}

function isDefault(subject: ProcessSubject | undefined): boolean {
  return subject?.kind === 'cli' && !subject.flag;
}

/** One log size: rows, speed ratios and peaks; returns the `airlock batch` subjects' peak RSS. */
async function measureSize(ctx: SuiteContext, rec: SuiteRecorder, size: number): Promise<number[]> {
  const log = await ensureLog(ctx.corpusDir, size, ctx.seed);
  const label = formatSize(size);
  const caseName = processCase(label);
  const bytes = statSync(log).size;
  const subjects = subjectsFor(await cliDefaultThreads(bytes));
  const keys = PROCESS_SUBJECTS.filter((key) => subjects.has(key));
  const defaultKey = keys.find((key) => isDefault(subjects.get(key)));
  ctx.log(`macro: whole process on ${label}, ${ctx.rounds} round(s) of ${keys.join(', ')}`);
  await warmUp([...subjects.values()], await ensureLog(ctx.corpusDir, WARM_UP_LOG, ctx.seed), join(ctx.tmpDir, 'process-warm-up'));
  const scratchOf = (key: ProcessSubjectKey): string => join(ctx.tmpDir, `process-${label}-${key}`);
  const runs = await interleaved(keys, ctx.rounds, (key) => timeProcess(subjects.get(key)!, log, scratchOf(key)));
  // Each subject's last run left its output: inline, 1 and 2 threads must have written the same bytes.
  const outputs = await compareOutputs(keys.filter((key) => key !== 'naive').map((key) => `${scratchOf(key)}.ndjson`));
  if (!outputs.same) throw new Error(`\`airlock batch\` wrote different bytes for ${label} in ${outputs.first} and ${outputs.other}: thread counts must not change the output`);
  rec.note(`${label}: every \`airlock batch\` subject wrote the same output bytes (sha256 ${outputs.hash.slice(0, 16)}…)`);
  const best = new Map<ProcessSubjectKey, ProcessRun>([...runs].map(([key, list]) => [key, bestOf(list)]));
  const records = best.get('naive')!.records;
  for (const [key, run] of best) {
    const subject = subjects.get(key)!;
    // A subject that skipped records would only look fast; a default run on other threads would be mislabelled.
    if (run.records !== records) throw new Error(`${processSubjectLabel(key, false)} processed ${run.records} records of ${label}, the naive script ${records}`);
    if (subject.kind === 'cli' && !subject.flag && run.threads !== subject.threads) throw new Error(`\`airlock batch\` without --threads ran ${label} on ${run.threads} thread(s), where its default rule gives ${subject.threads}`);
    const rounds = runs.get(key)!.map((r) => (r.ms / 1000).toFixed(2)).join(' / ');
    const peak = run.peakRssMB === null ? 'peak RSS not reported' : `peak RSS ${run.peakRssMB.toFixed(0)} MB`;
    rec.timed(caseName, processSubjectLabel(key, isDefault(subject)), run.ms, bytes, `best of ${ctx.rounds}: ${rounds} s; ${peak}; ${records} records${threadsNote(subject, run)}`);
  }
  for (const same of sameModeSpreads(best)) {
    const mode = same.threads === 0 ? 'inline' : `on ${same.threads} thread(s)`;
    rec.note(`${label}: ${same.keys.map((key) => PROCESS_COLUMNS[key]).join(', ')} all ran ${mode}, the same run mode: best ${(same.fastestMs / 1000).toFixed(2)}–${(same.slowestMs / 1000).toFixed(2)} s, ${(100 * same.spread).toFixed(0)} % apart, what one mode varies by in this run`);
  }
  /** b's time / a's, best against best, with the per-round ratios as the note (the spread shows the noise). */
  const ratio = (spec: RatioSpec, a: ProcessSubjectKey | undefined, b: ProcessSubjectKey): void => {
    const fast = a === undefined ? undefined : runs.get(a);
    const slow = runs.get(b)!;
    const perRound = fast?.map((run, k) => slow[k]!.ms / run.ms) ?? [];
    rec.ratio(spec, a === undefined ? null : best.get(b)!.ms / best.get(a)!.ms, perRound.length > 1 ? `per round ${perRound.map((r) => r.toFixed(2)).join(', ')}` : undefined);
  };
  const plain = (name: string, text: string): RatioSpec => ({ id: processRatioId(label, name), label: `Whole process, ${label} log: ${text}`, unit: 'x', better: 'higher' });
  ratio(processDefaultVsNaive(label), defaultKey, 'naive');
  ratio(plain('cli_inline_vs_naive', '`airlock batch` inline vs the naive script'), 'cli0', 'naive');
  ratio(plain('cli1_vs_naive', '`airlock batch` 1 thread vs the naive script'), 'cli1', 'naive');
  ratio(plain('cli2_vs_naive', '`airlock batch` 2 threads vs the naive script'), 'cli2', 'naive');
  ratio(processTwoVsOne(label), 'cli2', 'cli1');
  ratio(plain('cli2_vs_cli_inline', '`airlock batch` 2 threads vs inline'), 'cli2', 'cli0');
  for (const [key, run] of best) {
    rec.ratio({ id: processPeakRssId(label, key), label: `Whole process, ${label} log: peak RSS of the ${PROCESS_COLUMNS[key]} process`, unit: 'MB', better: 'lower' }, run.peakRssMB);
  }
  return [...best].flatMap(([key, run]) => (key === 'naive' || run.peakRssMB === null ? [] : [run.peakRssMB]));
}

/**
 * What the peak-RSS preload costs: the default subject of the smallest log, with and without
 * it, interleaved (1.00 = nothing measurable).
 */
async function measurePreloadCost(ctx: SuiteContext, rec: SuiteRecorder, size: number): Promise<void> {
  const log = await ensureLog(ctx.corpusDir, size, ctx.seed);
  const threads = (await cliDefaultThreads(statSync(log).size)) ?? 0;
  const subject: ProcessSubject = { kind: 'cli', threads, flag: false };
  const runs = await interleaved(['with', 'without'] as const, ctx.rounds, (key) => timeProcess(subject, log, join(ctx.tmpDir, `preload-${key}`), { peakRss: key === 'with' }));
  const withIt = bestOf(runs.get('with')!).ms;
  const without = bestOf(runs.get('without')!).ms;
  rec.ratio(
    { id: 'macro.process.peak_rss_preload_cost', label: `Whole process, ${formatSize(size)} log: \`airlock batch\` time with the peak-RSS preload / without (1.00 = it costs nothing)`, unit: 'x', better: 'lower' },
    withIt / without,
    `best of ${ctx.rounds}: ${withIt.toFixed(0)} ms with, ${without.toFixed(0)} ms without`,
  );
}

/**
 * Records the headline table's rows and ratios (ids in report/whole-process-names.ts).
 *
 * @example
 * await measureHeadline(ctx, rec); // rows 'run log 20MB, whole process', ratio 'macro.process_20MB.cli_default_vs_naive', …
 */
export async function measureHeadline(ctx: SuiteContext, rec: SuiteRecorder): Promise<void> {
  const sizes = ctx.mode === 'quick' ? [1 * MB] : [20 * MB, 200 * MB];
  const unavailable = wholeProcessUnavailable();
  if (unavailable !== undefined) {
    for (const label of sizes.map(formatSize)) {
      for (const key of PROCESS_SUBJECTS) if (key !== 'cli_default') rec.unavailable(processCase(label), processSubjectLabel(key, false), unavailable);
      for (const spec of [processDefaultVsNaive(label), processTwoVsOne(label)]) rec.ratio(spec, null, unavailable);
    }
    rec.ratio(PROCESS_PEAK_RSS, null, unavailable);
    return;
  }
  const peaks: number[] = [];
  for (const size of sizes) peaks.push(...(await measureSize(ctx, rec, size)));
  rec.ratio(PROCESS_PEAK_RSS, peaks.length === 0 ? null : Math.max(...peaks));
  await measurePreloadCost(ctx, rec, sizes[0]!);
}
