/**
 * LoopTroop conformance: the share of LoopTroop's own parser and YAML-rule
 * cases (the dev half in `../shared/conformance`) where the contract pack
 * gives LoopTroop's outcome, per family and overall. The runner lives with the
 * pack's tests; without the shared corpus the suite records why and moves on.
 */
import { LOOPTROOP_ARTIFACTS, LOOPTROOP_YAML_RULES } from '../report/targets.js';
import { importForSuite, packagesPath } from '../optional/try-import.js';
import type { Suite } from './suite.js';

interface FamilyRate {
  family: string;
  matched: number;
  total: number;
}

interface Runner {
  loadLoopTroopCases(from: string): unknown[] | undefined;
  runCase(c: unknown): unknown;
  ratesByFamily(results: unknown[]): FamilyRate[];
  headlineRates(results: unknown[]): { artifacts: number; yamlRules: number };
}

export const conformanceSuite: Suite = {
  name: 'conformance',
  description: "LoopTroop's own test cases through the contract pack: share of cases matching LoopTroop's outcome, per family",
  async run(ctx, rec) {
    const runner = await importForSuite<Runner>(rec, 'conformance', 'looptroop', 'contracts/src/conformance/looptroop-conformance.ts');
    if (runner === undefined) return;
    const cases = runner.loadLoopTroopCases(packagesPath('contracts/src/conformance'));
    if (cases === undefined) {
      rec.unavailable('conformance', 'looptroop', '../shared/conformance/looptroop.dev.json not found beside the repository');
      return;
    }
    ctx.log(`conformance: ${cases.length} LoopTroop cases`);
    const results = cases.map((c) => runner.runCase(c));
    const perFamily = runner.ratesByFamily(results).map((r) => `${r.family} ${r.matched}/${r.total}`).join(', ');
    const { artifacts, yamlRules } = runner.headlineRates(results);
    rec.ratio(LOOPTROOP_ARTIFACTS, artifacts * 100, perFamily);
    rec.ratio(LOOPTROOP_YAML_RULES, yamlRules * 100);
  },
};
