/**
 * Every artifact contract against its fixtures (see test-support/artifact-fixtures.ts):
 * outcome, data, and each intervention's rule, stage and message. A result
 * fed back as JSON is canonical: same data, nothing changed.
 * Set UPDATE_FIXTURES=1 to write a new case's expected.json, then review it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { safeParse } from '@airlock/core';
import { NOTICE_CODES } from '@airlock/core/internal';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_CONTRACTS } from './artifact-contracts.js';
import { artifactCases, contractOf, observe, type Observed } from './test-support/artifact-fixtures.js';

const cases = artifactCases();

describe('artifact contract fixtures', () => {
  it.each(cases.map((c) => [`${c.artifact}/${c.name}`, c] as const))('%s', (_, c) => {
    const path = join(c.dir, 'expected.json');
    if (process.env['UPDATE_FIXTURES'] === '1' && !existsSync(path)) writeFileSync(path, `${JSON.stringify(observe(c.input, c.artifact, c.options), null, 2)}\n`);
    const expected = JSON.parse(readFileSync(path, 'utf8')) as Observed;
    expect(observe(c.input, c.artifact, c.options)).toEqual(expected);

    if (expected.success) {
      const again = safeParse(JSON.stringify(expected.data), contractOf(c.artifact), c.options);
      expect(again.success && again.data).toEqual(expected.data);
      expect(again.interventions.filter((i) => !NOTICE_CODES.has(i.rule))).toEqual([]);
      expect(again.success && again.normalized).toBe(false);
    }
  });

  it('has a clean case (no intervention) and a failing case for every artifact', () => {
    const artifacts = Object.keys(ARTIFACT_CONTRACTS).filter((name) => name !== 'erk');
    for (const artifact of artifacts) {
      const observed = cases.filter((c) => c.artifact === artifact).map((c) => JSON.parse(readFileSync(join(c.dir, 'expected.json'), 'utf8')) as Observed);
      expect(observed.some((o) => o.success && o.interventions.length === 0), `${artifact}: clean case`).toBe(true);
      expect(observed.some((o) => !o.success), `${artifact}: failing case`).toBe(true);
    }
  });
});
