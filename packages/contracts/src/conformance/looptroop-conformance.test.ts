/**
 * LoopTroop's own parser and YAML-rule test cases (the dev half in the shared
 * conformance corpora) through the pack, with exactly the two exports a
 * LoopTroop user would use: `ARTIFACT_CONTRACTS` and `loopTroopContext`.
 * Prints the per-family table; skips loudly where `../shared` is absent.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { headlineRates, loadLoopTroopCases, ratesTable, runCase } from './looptroop-conformance.js';

const cases = loadLoopTroopCases(fileURLToPath(new URL('.', import.meta.url)));
if (cases === undefined) console.warn('[conformance] ../shared/conformance/looptroop.dev.json not found beside the repository: LoopTroop conformance skipped.');

describe('LoopTroop conformance (dev half)', () => {
  it.skipIf(cases === undefined)('matches LoopTroop on ≥ 90 % of artifact cases and ≥ 95 % of YAML-rule cases', () => {
    const results = (cases ?? []).map(runCase);
    console.info(`[conformance] looptroop.dev.json\n${ratesTable(results)}`);
    const { artifacts, yamlRules } = headlineRates(results);
    expect(artifacts).toBeGreaterThanOrEqual(0.9);
    expect(yamlRules).toBeGreaterThanOrEqual(0.95);
  });

  it.skipIf(cases === undefined)('never throws and names a reason for every refusal', () => {
    for (const c of cases ?? []) {
      const result = runCase(c);
      if (result.got === 'fail') expect(result.detail.length, c.id).toBeGreaterThan(8);
    }
  });
});
