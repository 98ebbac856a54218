import type { LogStats } from './write-log.js';

/**
 * The mix table printed after generation (and used in the README).
 *
 * @example
 * formatMix(await writeLog({ size: 1 << 20, seed: 1, path })) // '| kind | records | …'
 */
export function formatMix(stats: LogStats): string {
  const rows = Object.entries(stats.byKind)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, s]) =>
      `| ${kind} | ${s.records} | ${((s.records / stats.records) * 100).toFixed(1)} % | ${((s.bytes / stats.bytes) * 100).toFixed(1)} % |`,
    );
  return ['| kind | records | share of records | share of bytes |', '| --- | ---: | ---: | ---: |', ...rows].join('\n');
}
