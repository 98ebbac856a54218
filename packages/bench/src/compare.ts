/**
 * `pnpm --filter @airlock/bench compare [results/latest.json] [--baseline baseline.json]`
 * Prints which ratios regressed by more than 20 % against the committed
 * baseline. Exit code 0 always (timings are noisy; a human reads this), 2 when
 * a file cannot be read.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { compareResults, formatComparison } from './report/compare-results.js';
import type { BenchResults } from './report/results.js';

async function load(path: string): Promise<BenchResults> {
  const parsed = JSON.parse(await readFile(path, 'utf8')) as Partial<BenchResults>;
  if (!Array.isArray(parsed.ratios)) throw new Error(`${path} has no "ratios" list; is it a bench results file?`);
  return parsed as BenchResults;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { baseline: { type: 'string', default: 'baseline.json' }, threshold: { type: 'string', default: '0.2' } },
  });
  const currentPath = resolve(positionals[0] ?? 'results/latest.json');
  const baselinePath = resolve(values.baseline);
  const threshold = Number(values.threshold);
  let baseline: BenchResults;
  let current: BenchResults;
  try {
    [baseline, current] = await Promise.all([load(baselinePath), load(currentPath)]);
  } catch (error) {
    console.error(`compare: cannot read results: ${(error as Error).message}`);
    process.exitCode = 2;
    return;
  }
  console.log(`Baseline: ${baselinePath} (${baseline.mode}, ${baseline.createdAt})`);
  console.log(`Current:  ${currentPath} (${current.mode}, ${current.createdAt})`);
  if (baseline.mode !== current.mode) console.log(`Note: comparing a ${current.mode} run with a ${baseline.mode} baseline; sizes differ.`);
  console.log('');
  console.log(formatComparison(compareResults(baseline, current, threshold), threshold));
}

void main();
