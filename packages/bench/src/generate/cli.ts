/**
 * `pnpm --filter @airlock/bench generate --size 10MB --seed 1 [--profile realistic|pack] -o corpus/log.jsonl`
 * Writes a deterministic run log and prints its mix.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatSize, parseSize } from './parse-size.js';
import { formatMix } from './format-mix.js';
import { writeLog } from './write-log.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '10MB' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string', short: 'o', default: 'corpus/log.jsonl' },
      quiet: { type: 'boolean', default: false },
      profile: { type: 'string', default: 'default' },
    },
  });
  const size = parseSize(values.size);
  const seed = Number.parseInt(values.seed, 10);
  if (!Number.isFinite(seed)) throw new Error(`Invalid seed "${values.seed}".`);
  // pnpm --filter runs scripts in the package directory, so relative paths land in packages/bench.
  const path = resolve(process.cwd(), values.out);
  const started = performance.now();
  if (values.profile !== 'default' && values.profile !== 'realistic' && values.profile !== 'pack') {
    throw new Error(`Unknown profile "${values.profile}" (default, realistic or pack).`);
  }
  const stats = await writeLog({ size, seed, path, profile: values.profile });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Wrote ${stats.records} records, ${formatSize(stats.bytes)} to ${path} in ${seconds.toFixed(1)} s ` +
      `(${(stats.bytes / 1024 ** 2 / seconds).toFixed(1)} MB/s, seed ${seed}).`,
  );
  if (!values.quiet) console.log(`\n${formatMix(stats)}`);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exitCode = 1;
});
