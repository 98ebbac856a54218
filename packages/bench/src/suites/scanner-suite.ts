/**
 * Scanner: core's JS scanner and the WASM scanner (copy into WASM memory
 * included) against a two-regex fence/tag extractor, on realistic model text
 * of 256 B to 1 MB; reports the WASM/JS crossover. Then the kernel's two jobs
 * in the pipeline on real model outputs, one call per output as the pipeline
 * makes them (the run log's `output` texts, mostly 1–10 KB): the scan, against
 * the JS scanner (its noise test, then its quiet loop, as the pipeline runs it
 * without WASM), the quiet loop alone, and the fastest plain-JS loop (`indexOf`)
 * for finding the same places; and the balanced-end search of the JSON path,
 * against its JS loop; over all outputs and by output size.
 */
import { findBalancedEnd, scanText } from '@airlock/core/internal';
import { corpusText } from '../generate/corpus-text.js';
import { generateRecords } from '../generate/generate-records.js';
import { formatSize } from '../generate/parse-size.js';
import { indexOfScan } from '../naive/index-of-scan.js';
import { regexExtract } from '../naive/regex-extract.js';
import { loadWasmScanner, type WasmScanner } from '../optional/load-wasm-scanner.js';
import { findExport } from '../optional/try-import.js';
import type { RatioSpec } from '../report/results.js';
import { wasmVsJs } from '../report/targets.js';
import type { Suite, SuiteContext } from './suite.js';
import type { GroupTask, SuiteRecorder } from './suite-recorder.js';

type BalancedEnd = (text: string, start: number, limit: number) => number;

/** Outputs of the default run log measured (full / quick): about 7 MB / 0.7 MB of text. */
const REAL_OUTPUTS = { full: 4000, quick: 400 } as const;

/** Output sizes (UTF-16 code units) the outputs are grouped by: where each side wins. */
const SIZE_BUCKETS = [
  { label: 'under512B', below: 512 },
  { label: '512B-1KB', below: 1024 },
  { label: '1KB-2KB', below: 2048 },
  { label: '2KB-4KB', below: 4096 },
  { label: '4KB-16KB', below: 16384 },
] as const;

/** Outputs and, for the balanced-end search, the first `{` or `[` of each (-1: none). */
interface OutputSet {
  texts: string[];
  openers: number[];
  bytes: number;
}

function outputSet(texts: string[]): OutputSet {
  const openers = texts.map((text) => {
    const brace = text.indexOf('{');
    const bracket = text.indexOf('[');
    return brace < 0 ? bracket : bracket < 0 ? brace : Math.min(brace, bracket);
  });
  return { texts, openers, bytes: texts.reduce((n, t) => n + Buffer.byteLength(t), 0) };
}

/** Results are summed here, so no engine can drop a call whose result goes unused. */
let sink = 0;

/** The ratios of one set of outputs (`suffix`: '' for all of them, else `.<size bucket>`); none has a target. */
function realSpecs(suffix: string): Record<'wasmVsJs' | 'wasmVsIndexOf' | 'wasmVsQuiet' | 'balanced', RatioSpec> {
  const where = suffix === '' ? 'real outputs' : `real outputs of ${suffix.slice(1)}`;
  const spec = (id: string, label: string): RatioSpec => ({ id: `scanner.real.${id}${suffix}`, label, unit: 'x', better: 'higher' });
  return {
    wasmVsJs: spec('wasm_vs_js', `Scanner on ${where}, one call per output: WASM (copy included) vs JS scanText`),
    wasmVsIndexOf: spec('wasm_vs_indexof', `Scanner on ${where}, one call per output: WASM (copy included) vs an indexOf loop finding fences, tags and the first { or [`),
    wasmVsQuiet: spec('wasm_vs_js_quiet', `Scanner on ${where}, one call per output: WASM (copy included) vs the JS scanner's quiet loop alone (no noise test: what JS costs when the caller knows there is no terminal noise)`),
    balanced: spec('balanced_wasm_vs_js', `Balanced-end search on ${where} (from the first { or [): WASM (copy included) vs JS`),
  };
}

/**
 * One set of outputs: the scan (indexOf loop, JS, WASM) and the balanced-end search (JS, WASM),
 * each a pass over the set, one call per output. Ratio ids end in `suffix` ('' for all outputs).
 */
async function measureOutputs(rec: SuiteRecorder, caseName: string, set: OutputSet, suffix: string, wasm: WasmScanner, wasmBalanced: BalancedEnd): Promise<void> {
  const { texts, openers } = set;
  const [indexOf = null, js = null, quiet = null, fast = null] = await rec.measureGroup(caseName, [
    { subject: 'indexOf loop (fences, tags, first { or [)', fn: () => texts.forEach((t) => (sink += indexOfScan(t).length)) },
    { subject: 'JS scanner (scanText)', fn: () => texts.forEach((t) => (sink += scanText(t).length)) },
    { subject: 'JS scanner, quiet loop alone (scanText(text, true))', fn: () => texts.forEach((t) => (sink += scanText(t, true).length)) },
    { subject: 'WASM scanner (scan, copy included)', fn: () => texts.forEach((t) => (sink += wasm.scan(t).length)) },
  ], set.bytes);
  const specs = realSpecs(suffix);
  rec.speedRatio(specs.wasmVsJs, fast, js);
  rec.speedRatio(specs.wasmVsIndexOf, fast, indexOf);
  rec.speedRatio(specs.wasmVsQuiet, fast, quiet);
  const withOpener = texts.flatMap((text, k) => (openers[k]! < 0 ? [] : [{ text, start: openers[k]! }]));
  if (withOpener.length === 0) return;
  const [jsEnd = null, wasmEnd = null] = await rec.measureGroup(`${caseName}, from the first { or [`, [
    { subject: 'JS findBalancedEnd', fn: () => withOpener.forEach(({ text, start }) => (sink += findBalancedEnd(text, start, text.length))) },
    { subject: 'WASM findBalancedEnd (copy included)', fn: () => withOpener.forEach(({ text, start }) => (sink += wasmBalanced(text, start, text.length))) },
  ], set.bytes);
  rec.speedRatio(specs.balanced, wasmEnd, jsEnd);
}

/**
 * The kernel on real outputs, all together and by size. Measured only when WASM agrees with
 * JS on every output, span for span and end for end: a kernel that differs is reported, not timed.
 */
async function measureRealOutputs(ctx: SuiteContext, rec: SuiteRecorder, wasm: WasmScanner): Promise<void> {
  const balanced = await findExport<BalancedEnd>('findBalancedEnd', ['@airlock/wasm-scanner']);
  if (!balanced.available) {
    rec.note(`Real outputs not measured: the WASM findBalancedEnd is ${balanced.reason}`);
    return;
  }
  const texts: string[] = [];
  for (const { record } of generateRecords(ctx.seed)) {
    if (texts.length >= REAL_OUTPUTS[ctx.mode]) break;
    texts.push(record.output);
  }
  const all = outputSet(texts);
  const differs = texts.findIndex((t, k) => scanText(t).join() !== wasm.scan(t).join() || (all.openers[k]! >= 0 && findBalancedEnd(t, all.openers[k]!, t.length) !== balanced.value(t, all.openers[k]!, t.length)));
  if (differs >= 0) {
    rec.note(`Real outputs not measured: WASM and JS differ on output ${differs} of the run log.`);
    return;
  }
  // The JSON path counts brackets with the kernel only when no `/` follows the opener (else a
  // comment could hide a bracket, and its JS loop skips comments): how often the kernel serves.
  const opened = all.openers.filter((at) => at >= 0).length;
  const kernelServes = texts.filter((t, k) => all.openers[k]! >= 0 && t.indexOf('/', all.openers[k]!) < 0).length;
  rec.note(`Real outputs: ${opened} of ${texts.length} hold a { or [; for ${kernelServes} of them no / follows the first, so the JSON path's balanced-end search from there would use the kernel (a / sends it to the comment-aware JS loop).`);
  await measureOutputs(rec, `${texts.length} run-log outputs (${formatSize(all.bytes)})`, all, '', wasm, balanced.value);
  let from = 0;
  for (const bucket of SIZE_BUCKETS) {
    const inBucket = texts.filter((t) => t.length >= from && t.length < bucket.below);
    from = bucket.below;
    if (inBucket.length === 0) continue;
    const set = outputSet(inBucket);
    await measureOutputs(rec, `${inBucket.length} run-log outputs of ${bucket.label} (${formatSize(set.bytes)})`, set, `.${bucket.label}`, wasm, balanced.value);
  }
}

export const SCANNER_SIZES = [256, 2048, 64 * 1024, 1024 * 1024] as const;

export const scannerSuite: Suite = {
  name: 'scanner',
  description: 'Core JS scanner and WASM scanner vs a regex fence/tag extractor, 256 B to 1 MB; on real run-log outputs, WASM vs JS vs an indexOf loop, and the balanced-end search',
  async run(ctx, rec) {
    const wasm = await loadWasmScanner();
    if (!wasm.available) rec.note(`WASM scanner: ${wasm.reason}`);
    const callsBefore = wasm.available ? wasm.value.calls() : null;
    let crossover: number | null = null;
    for (const size of SCANNER_SIZES) {
      const text = corpusText(size, ctx.seed);
      const bytes = Buffer.byteLength(text);
      const label = formatSize(size);
      const tasks: GroupTask[] = [
        { subject: 'regex extractor', fn: () => regexExtract(text) },
        { subject: 'JS scanner (scanText)', fn: () => scanText(text) },
      ];
      if (wasm.available) tasks.push({ subject: 'WASM scanner (scan)', fn: () => wasm.value.scan(text), optional: true });
      else rec.unavailable(label, 'WASM scanner (scan)', wasm.reason);
      const [regex = null, js = null, fast = null] = await rec.measureGroup(label, tasks, bytes);
      rec.speedRatio({ id: `scanner.js_vs_regex.${label}`, label: `Scanner at ${label}: JS scanner vs regex extractor`, unit: 'x', better: 'higher' }, js, regex);
      rec.speedRatio(wasmVsJs(label, size >= 2048), fast, js);
      if (crossover === null && fast !== null && js !== null && fast.opsPerSec >= js.opsPerSec) crossover = size;
    }
    if (wasm.available) {
      const callsAfter = wasm.value.calls();
      if (callsBefore !== null && callsAfter !== null) rec.note(`WASM scan calls during the suite: ${callsAfter - callsBefore} (proves the WASM path ran).`);
      rec.note(
        crossover === null
          ? 'WASM/JS crossover: WASM never beat JS at the measured sizes.'
          : `WASM/JS crossover: WASM is at least as fast as JS from ${formatSize(crossover)} (smallest measured size where it wins).`,
      );
      rec.ratio({ id: 'scanner.wasm_crossover_bytes', label: 'Smallest measured size where WASM ≥ JS scanner', unit: 'B', better: 'lower' }, crossover);
      await measureRealOutputs(ctx, rec, wasm.value);
    } else {
      const specs = realSpecs('');
      for (const spec of [specs.wasmVsJs, specs.wasmVsIndexOf]) rec.ratio(spec, null, wasm.reason);
    }
  },
};
