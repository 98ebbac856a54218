/**
 * Test support for the YAML fixtures: loads `fixtures/<rule>/<case>/` folders
 * and builds the candidate the scanner would build for a raw input.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { buildCandidates } from '../../scan/build-candidates.js';
import type { Candidate } from '../../scan/candidate.js';
import { scanText } from '../../scan/scan-text.js';
import { toContract, type Contract, type YamlHints } from '../../contract/contract.js';

export interface YamlFixture {
  rule: string;
  name: string;
  input: string;
  expected: {
    value?: unknown;
    failure?: string;
    codes: string[];
    note?: string;
    contract?: { yamlHints?: YamlHints; knownKeys?: string[] };
  };
}

/** Every fixture under `root` (folders of `input.yaml` + `expected.json`), sorted. */
export function loadYamlFixtures(root: string): YamlFixture[] {
  const out: YamlFixture[] = [];
  for (const rule of readdirSync(root).sort()) {
    const ruleDir = join(root, rule);
    if (!statSync(ruleDir).isDirectory()) continue;
    for (const name of readdirSync(ruleDir).sort()) {
      const dir = join(ruleDir, name);
      out.push({
        rule,
        name,
        input: readFileSync(join(dir, 'input.yaml'), 'utf8'),
        expected: JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as YamlFixture['expected'],
      });
    }
  }
  return out;
}

/** The whole-text candidate, with trailing noise and an orphan fence located by the scanner. */
export function rawCandidate(text: string): Candidate {
  const raw = buildCandidates(text, scanText(text)).find((c) => c.source === 'raw');
  return raw ?? { source: 'raw', text, span: [0, text.length], prefixStripped: false, noiseStart: -1 };
}

/** A contract carrying only what the YAML repairs read. */
export function hintContract(spec: YamlFixture['expected']['contract']): Contract<unknown> {
  const base = toContract({ '~standard': { version: 1, vendor: 'test', validate: (value: unknown) => ({ value }) } });
  return { ...base, knownKeys: spec?.knownKeys ?? [], yamlHints: spec?.yamlHints ?? {} };
}
