/**
 * JSON conformance: the share of the peers' own test cases (jsonrepair, best-effort-json-parser
 * and the dev halves of json_repair, BAML and partial_json in `../shared/conformance`) where
 * safeParse gives the peer's outcome, per corpus. The runner lives with core's conformance
 * tests; without it or without the shared corpora the suite records why and moves on.
 */
import type { RatioSpec } from '../report/results.js';
import { JSON_CONFORMANCE_TARGETS } from '../report/targets.js';
import { importForSuite } from '../optional/try-import.js';
import type { Suite } from './suite.js';

interface Tally {
  scored: number;
  matched: number;
  outOfScope: number;
  deliberate: number;
  invented: number;
  rate: number;
}

type CorpusRun = { spec: { name: string; file: string }; outcomes: unknown[] } | { spec: { name: string; file: string }; missing: string };

interface Runner {
  runConformance(): CorpusRun[];
  headlineRates(runs: CorpusRun[]): Partial<Record<string, Tally>>;
}

/** partial_json is informational: most of its cases restrict the peer's `allow` flags and are out of scope. */
const PARTIAL_JSON: RatioSpec = { id: 'conformance.partial_json', label: "partial-json-parser's cases (dev half) through safeParse: scored cases matching the peer", unit: '%', better: 'higher' };

const METRICS: readonly [string, RatioSpec][] = [...Object.entries(JSON_CONFORMANCE_TARGETS), ['partial_json', PARTIAL_JSON]];

export const jsonConformanceSuite: Suite = {
  name: 'json-conformance',
  description: "The peers' JSON-repair and schema-aligned test cases through safeParse: share of scored cases matching the peer, per corpus",
  async run(ctx, rec) {
    const runner = await importForSuite<Runner>(rec, 'json-conformance', 'safeParse', 'core/src/conformance/run-conformance.ts');
    if (runner === undefined) return;
    const runs = runner.runConformance();
    for (const run of runs) if ('missing' in run) rec.unavailable('json-conformance', run.spec.name, run.missing);
    const rates = runner.headlineRates(runs);
    for (const [name, spec] of METRICS) {
      const t = rates[name];
      if (t !== undefined) ctx.log(`json-conformance: ${name} ${t.matched}/${t.scored}`);
      const note = t === undefined ? 'corpus not found' : `${t.matched}/${t.scored} scored cases; ${t.outOfScope} out of scope, ${t.deliberate} deliberate, ${t.invented} value(s) where the peer refuses`;
      rec.ratio(spec, t === undefined || t.scored === 0 ? null : t.rate * 100, note);
    }
  },
};
