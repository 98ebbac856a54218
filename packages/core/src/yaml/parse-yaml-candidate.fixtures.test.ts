import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { parseYamlCandidate } from './parse-yaml-candidate.js';
import { repairYaml } from './repair-yaml.js';
import { resolveYamlHints } from './resolve-yaml-hints.js';
import { toLines } from './line-table.js';
import { loadYaml } from './load-yaml.js';
import { trimYamlTransportNoise } from './trim-yaml-transport-noise.js';
import { YAML_CODES } from './codes.js';
import { hintContract, loadYamlFixtures, rawCandidate } from './test-support/yaml-fixtures.js';

const fixtures = loadYamlFixtures(fileURLToPath(new URL('./fixtures', import.meta.url)));

describe('YAML repair fixtures', () => {
  it.each(fixtures.map((f) => [`${f.rule}/${f.name}`, f] as const))('%s', (_label, fixture) => {
    const candidate = rawCandidate(fixture.input);
    const contract = hintContract(fixture.expected.contract);
    const outcome = parseYamlCandidate(candidate, { mode: 'repair', contract });
    expect(outcome.interventions.map((i) => i.rule)).toEqual(fixture.expected.codes);
    if (fixture.expected.failure !== undefined) {
      expect(outcome.ok ? 'ok' : outcome.failure).toBe(fixture.expected.failure);
      return;
    }
    expect(outcome.ok, outcome.ok ? '' : outcome.error).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.value).toEqual(fixture.expected.value);
    for (const i of outcome.interventions) {
      // Line-scoped spans in candidate coordinates, with the exact excerpt before the change.
      expect(i.span).toBeDefined();
      const [start, end] = i.span!;
      expect(0 <= start && start <= end && end <= fixture.input.length).toBe(true);
      expect(i.before).toBeDefined();
      expect(i.message.length).toBeGreaterThan(10);
      if (i.category === 'dropped' || i.category === 'cleanup') expect(i.after).toBe('');
    }
  });

  it.each(fixtures.filter((f) => f.expected.failure === undefined).map((f) => [`${f.rule}/${f.name}`, f] as const))(
    'repairs are idempotent: %s',
    (_label, fixture) => {
      const context = { hints: resolveYamlHints(hintContract(fixture.expected.contract)) };
      const trimmed = trimYamlTransportNoise(rawCandidate(fixture.input));
      const first = repairYaml(trimmed.lines, context, (text) => (loadYaml(text).ok ? true : null));
      const second = repairYaml(toLines(first.text), context);
      expect(second.interventions).toEqual([]);
    },
  );

  it('covers every YAML code with a fixture and has a negative case per rule', () => {
    const used = new Set(fixtures.flatMap((f) => f.expected.codes));
    expect(YAML_CODES.filter((code) => !used.has(code))).toEqual([]);
    const rules = new Set(fixtures.map((f) => f.rule));
    const withNegative = new Set(fixtures.filter((f) => f.name.startsWith('negative-')).map((f) => f.rule));
    expect([...rules].filter((r) => r !== 'artifacts' && !withNegative.has(r))).toEqual([]);
  });
});
