/**
 * Each idle condition of normalize-value.ts must imply that its stage returns
 * every value as it is with no intervention: over drifted values of every
 * fixture and corpus contract, with and without a context, complete and truncated.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toContract, type AnySchema } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import { IDLE_WHEN, NORMALIZE_STAGES, stagesFor, type StageSetting } from './normalize-value.js';
import { CORPUS_CONTRACTS } from './test-support/corpus-contracts.js';
import { driftedValues, enumPool, keyPool } from './test-support/drifted-values.js';
import { FIXTURE_CONTRACTS, fixtureContract, type NormalizeFixtureContract } from './test-support/fixture-contracts.js';

const CONTRACTS = [
  ...(Object.keys(FIXTURE_CONTRACTS) as NormalizeFixtureContract[]).map((name) => ({ name, contract: fixtureContract(name) })),
  ...Object.entries(CORPUS_CONTRACTS).map(([name, schema]) => ({ name: `corpus ${name}`, contract: toContract(schema as AnySchema, name) })),
];

describe('idle stages', () => {
  const idleSeen = new Map<string, number>();
  for (const { name, contract } of CONTRACTS) {
    const plan = planFor(contract);
    const keys = [...keyPool(plan.model)];
    const values = driftedValues(keys, [...enumPool(plan.model)]);
    const context = fc.dictionary(fc.constantFrom(...keys, 'roster', 'ticket_id'), values);
    for (const truncated of [false, true]) {
      for (const withContext of [false, true]) {
        const setting: StageSetting = { plan, contract, context: withContext, truncated };
        const idle = [...IDLE_WHEN].filter(([, when]) => when(setting)).map(([stage]) => stage);
        it(`${name}${truncated ? ', truncated' : ''}${withContext ? ', with a context' : ''}: ${idle.length} idle stages leave every value as it is`, () => {
          fc.assert(
            fc.property(values, context, (value, ctx) => {
              const options = withContext ? { truncated, context: ctx } : { truncated };
              for (const stage of idle) {
                const outcome = stage(value, contract, options);
                expect(outcome.value).toBe(value);
                expect(outcome.interventions).toEqual([]);
                expect(outcome.failure).toBeUndefined();
              }
            }),
            { numRuns: 60 },
          );
          for (const stage of idle) idleSeen.set(stage.name, (idleSeen.get(stage.name) ?? 0) + 1);
          // The list the pipeline runs is the stage list without the idle ones, in order.
          expect(stagesFor(contract, withContext ? { truncated, context: {} } : { truncated })).toEqual(NORMALIZE_STAGES.filter((stage) => !idle.includes(stage)));
        });
      }
    }
  }

  it('every idle condition held for some contract (else its test above proved nothing)', () => {
    for (const [stage] of IDLE_WHEN) expect(idleSeen.get(stage.name) ?? 0, stage.name).toBeGreaterThan(0);
  });
});
