/**
 * `pnpm --filter @airlock/bench bench [--quick] [--only scanner,json] [--out results/x.json] [--seed 1] [--rounds 3]`
 *
 * Runs the suites and writes a JSON results file plus a markdown report next
 * to it (`.md`). Full mode writes results/latest.*, quick mode results/quick.*
 * (bench:smoke: results/smoke.*). Timings never fail the run; a crashed suite
 * does (exit code 1), after the other suites have run.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, platform, arch, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { budgetFor } from './measure/measure-task.js';
import { measuredBuild } from './optional/measured-build.js';
import { findExport } from './optional/try-import.js';
import { renderMarkdown } from './report/render-markdown.js';
import type { BenchResults, SuiteReport } from './report/results.js';
import type { SuiteContext } from './suites/index.js';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));

/**
 * Registers the WASM scanner with core when it exists, as an application
 * would, so the pipeline suites measure Airlock as deployed. The scanner suite
 * measures both scanners directly either way.
 */
async function installWasm(): Promise<string> {
  const install = await findExport<() => void>('installWasmScanner', ['@airlock/wasm-scanner']);
  if (!install.available) return `not installed (${install.reason})`;
  try {
    install.value();
    return 'installed (installWasmScanner)';
  } catch (error) {
    return `not installed (installWasmScanner threw: ${(error as Error).message.split('\n')[0]})`;
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string', default: '1' },
      'no-wasm': { type: 'boolean', default: false },
      rounds: { type: 'string' },
    },
  });
  const mode = values.quick ? 'quick' : 'full';
  const rounds = values.rounds === undefined ? (mode === 'quick' ? 1 : 3) : Number.parseInt(values.rounds, 10);
  if (!Number.isInteger(rounds) || rounds < 1) {
    console.error(`--rounds must be a positive integer, got ${values.rounds}.`);
    return 2;
  }
  const out = resolve(BENCH_DIR, values.out ?? (mode === 'quick' ? 'results/quick.json' : 'results/latest.json'));
  const only = values.only?.split(',').map((s) => s.trim()).filter(Boolean);
  // Checked before the suites load: they import the built core, and a missing build would
  // otherwise end the run with a module-resolution stack trace.
  const core = measuredBuild(import.meta.resolve('@airlock/core'));
  if (core.missing) {
    console.error(`bench: ${core.warning}`);
    return 2;
  }
  const { SUITES, SuiteRecorder } = await import('./suites/index.js');
  const unknown = only?.filter((name) => !SUITES.some((s) => s.name === name)) ?? [];
  if (unknown.length > 0) {
    console.error(`Unknown suite(s): ${unknown.join(', ')}. Known: ${SUITES.map((s) => s.name).join(', ')}.`);
    return 2;
  }
  const wasm = values['no-wasm'] ? 'disabled (--no-wasm)' : await installWasm();
  process.stderr.write(`WASM scanner in the pipeline: ${wasm}\n`);
  process.stderr.write(`@airlock/core measured: ${core.description}\n`);
  if (core.warning !== undefined) process.stderr.write(`⚠ ${core.warning}\n`);
  const tmpDir = await mkdtemp(join(tmpdir(), 'airlock-bench-'));
  const started = performance.now();
  const ctx: SuiteContext = {
    mode,
    seed: Number.parseInt(values.seed, 10),
    rounds,
    budget: (bytes) => budgetFor(mode, bytes),
    log: (message) => process.stderr.write(`  · ${message}\n`),
    corpusDir: join(BENCH_DIR, 'corpus'),
    tmpDir,
  };
  const reports: SuiteReport[] = [];
  try {
    for (const suite of SUITES) {
      if (only !== undefined && !only.includes(suite.name)) continue;
      process.stderr.write(`▶ ${suite.name}: ${suite.description}\n`);
      const rec = new SuiteRecorder(suite.name, ctx);
      const suiteStarted = performance.now();
      const report: SuiteReport = { name: suite.name, description: suite.description, status: 'ok', durationMs: 0, rows: rec.rows, ratios: rec.ratios, notes: rec.notes };
      try {
        await suite.run(ctx, rec);
      } catch (error) {
        report.status = 'crashed';
        report.error = (error as Error).stack ?? String(error);
        process.stderr.write(`✖ suite ${suite.name} crashed: ${report.error}\n`);
      }
      report.durationMs = performance.now() - suiteStarted;
      reports.push(report);
    }
  } finally {
    await rm(tmpDir, { recursive: true, force: true });
  }
  const cpu = cpus();
  const results: BenchResults = {
    schema: 1,
    createdAt: new Date().toISOString(),
    mode,
    environment: { wasmScanner: wasm, core: core.description, node: process.version, platform: platform(), arch: arch(), cpus: cpu.length, cpuModel: cpu[0]?.model.trim() ?? 'unknown' },
    durationMs: performance.now() - started,
    suites: reports,
    ratios: reports.flatMap((r) => r.ratios),
  };
  await mkdir(dirname(out), { recursive: true });
  const markdown = renderMarkdown(results);
  await writeFile(out, `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(out.replace(/\.json$/, '') + '.md', markdown);
  process.stdout.write(`\n${markdown}\nWrote ${out} and its .md (${(results.durationMs / 1000).toFixed(1)} s).\n`);
  return reports.some((r) => r.status === 'crashed') ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
