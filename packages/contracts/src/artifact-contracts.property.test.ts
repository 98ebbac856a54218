/**
 * Idempotence over every contract of the pack: normalizing an output, then
 * normalizing the result again, changes nothing the second time. Inputs are
 * the fixtures' canonical data drifted at random (key spellings, numbers as
 * strings, enum case, single items for lists, dropped keys, wrappers) and
 * arbitrary JSON values.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Contract } from '@airlock/core';
import { normalizeValue, NOTICE_CODES } from '@airlock/core/internal';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_CONTRACTS, type ArtifactName } from './artifact-contracts.js';
import { artifactCases, contractOf, type Observed } from './test-support/artifact-fixtures.js';

type Drift = 'keep' | 'upper_key' | 'camel_key' | 'drop_key' | 'number_string' | 'upper_string' | 'unwrap_list';

const DRIFTS: readonly Drift[] = ['keep', 'keep', 'keep', 'upper_key', 'camel_key', 'drop_key', 'number_string', 'upper_string', 'unwrap_list'];

function camel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Applies drifts drawn from `pick` to every node of a JSON value. */
function drift(value: unknown, pick: () => Drift, depth = 0): unknown {
  if (depth > 32) return value;
  if (Array.isArray(value)) {
    const items = value.map((v) => drift(v, pick, depth + 1));
    return items.length === 1 && pick() === 'unwrap_list' ? items[0] : items;
  }
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const how = pick();
      if (how === 'drop_key') continue;
      const name = how === 'upper_key' ? key.toUpperCase() : how === 'camel_key' ? camel(key) : key;
      if (!(name in out)) out[name] = drift(child, pick, depth + 1);
    }
    return out;
  }
  const how = pick();
  if (typeof value === 'number' && how === 'number_string') return String(value);
  if (typeof value === 'string' && how === 'upper_string' && value.length < 20) return value.toUpperCase();
  return value;
}

const seeds = artifactCases().flatMap((c) => {
  const expected = JSON.parse(readFileSync(join(c.dir, 'expected.json'), 'utf8')) as Observed;
  return expected.success ? [{ artifact: c.artifact, data: expected.data, context: c.options.context }] : [];
});

function assertIdempotent(value: unknown, contract: Contract<unknown>, context: Readonly<Record<string, unknown>> | undefined): void {
  const options = context === undefined ? {} : { context };
  const first = normalizeValue(value, contract, options);
  if (first.failure !== undefined) return;
  const second = normalizeValue(first.value, contract, options);
  expect(second.failure).toBeUndefined();
  expect(second.interventions.filter((i) => !NOTICE_CODES.has(i.rule))).toEqual([]);
  expect(second.value).toEqual(first.value);
}

describe('artifact contracts: normalization is idempotent', () => {
  it.each(Object.keys(ARTIFACT_CONTRACTS).filter((name) => name !== 'erk'))('%s on drifted fixture data', (name) => {
    const own = seeds.filter((s) => s.artifact === name);
    expect(own.length).toBeGreaterThan(0);
    const contract = contractOf(name as ArtifactName);
    fc.assert(
      fc.property(fc.constantFrom(...own), fc.infiniteStream(fc.constantFrom(...DRIFTS)), fc.boolean(), (seed, drifts, wrap) => {
        const iterator = drifts[Symbol.iterator]();
        const drifted = drift(seed.data, () => iterator.next().value as Drift);
        assertIdempotent(wrap ? { output: drifted } : drifted, contract, seed.context);
      }),
      { numRuns: 150 },
    );
  });

  it.each(Object.keys(ARTIFACT_CONTRACTS))('%s on arbitrary JSON', (name) => {
    const contract = contractOf(name as ArtifactName);
    const context = seeds.find((s) => s.artifact === name)?.context;
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => assertIdempotent(value, contract, context)), { numRuns: 100 });
  });
});
