/**
 * Prints the safeParse conformance tables of the peers' corpora.
 *
 *   npx tsx src/conformance/print-conformance.ts [--corpus <name>] [--misses] [--kind <kind>] [--out-of-scope]
 *
 * `--corpus` one of json_repair, baml, jsonrepair, best_effort, and the partial corpora
 * partial_json, baml_streaming, best_effort_partial (repeatable);
 * `--kind` keeps the cases whose kind (`repair`, `schema`, `throw`) or group starts with it;
 * `--misses` lists every miss and deliberate case; `--out-of-scope` lists the reasons.
 */
import { CORPORA, type CorpusName } from './corpora.js';
import { corpusTable, missLines, outOfScopeLines } from './format-conformance.js';
import { runConformance } from './run-conformance.js';

function values(flag: string): string[] {
  const out: string[] = [];
  process.argv.forEach((arg, i) => {
    if (arg === flag && process.argv[i + 1] !== undefined) out.push(process.argv[i + 1]!);
    else if (arg.startsWith(`${flag}=`)) out.push(arg.slice(flag.length + 1));
  });
  return out;
}

const names = values('--corpus');
const unknown = names.filter((n) => !CORPORA.some((c) => c.name === n));
if (unknown.length > 0) {
  console.error(`Unknown corpus ${unknown.join(', ')}; known: ${CORPORA.map((c) => c.name).join(', ')}`);
  process.exit(2);
}
const kind = values('--kind')[0];
const runs = runConformance(names.length > 0 ? (names as CorpusName[]) : undefined);
for (const run of runs) {
  if (!('outcomes' in run)) {
    console.warn(corpusTable(run));
    continue;
  }
  const outcomes = run.outcomes.filter((o) => kind === undefined || o.kind === kind || o.group.startsWith(kind));
  console.log(corpusTable(run, outcomes));
  if (process.argv.includes('--out-of-scope')) for (const line of outOfScopeLines(outcomes)) console.log(line);
  if (process.argv.includes('--misses')) for (const line of missLines(outcomes)) console.log(line);
  console.log('');
}
