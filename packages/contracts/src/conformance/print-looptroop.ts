/** Prints the LoopTroop conformance table, and with `--misses` every case that does not match. */
import { fileURLToPath } from 'node:url';
import { loadLoopTroopCases, ratesTable, runCase } from './looptroop-conformance.js';

const cases = loadLoopTroopCases(fileURLToPath(new URL('.', import.meta.url)));
if (cases === undefined) {
  console.error('looptroop conformance: ../shared/conformance/looptroop.dev.json not found beside the repository');
  process.exit(2);
}
const only = process.argv.find((a) => a.startsWith('--family='))?.slice(9);
const results = cases.filter((c) => only === undefined || c.artifact.endsWith(only)).map(runCase);
if (process.argv.includes('--misses')) {
  for (const r of results) if (r.got !== r.expect) console.log(`${r.id} ${r.family}: expected ${r.expect}, got ${r.got} — ${r.detail.slice(0, 300)}`);
}
console.log(ratesTable(results));
