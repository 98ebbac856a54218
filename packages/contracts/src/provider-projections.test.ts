/**
 * One schema, every provider: each shipped contract inside the AgentSchema
 * profile projects to every provider (snapshots of the schema and the lost
 * constraints); those outside it are refused with every offending path.
 */
import { isContract, type Contract } from '@airlock/core';
import { profileViolations, projectSchema, PROVIDERS } from '@airlock/core/schema';
import { describe, expect, it } from 'vitest';
import * as shipped from './index.js';

const CONTRACTS: Contract<unknown>[] = (Object.values(shipped) as unknown[]).filter((value): value is Contract<unknown> => isContract(value));
const inProfile = CONTRACTS.filter((contract) => profileViolations(contract).length === 0);

describe('shipped contracts and the AgentSchema profile', () => {
  it('finds every shipped contract', () => {
    expect(CONTRACTS.length).toBe(14);
    expect(inProfile.length).toBe(11);
  });

  it.each(inProfile.map((contract) => [contract.name, contract] as const))('%s projects to every provider (snapshot)', async (name, contract) => {
    const projections = Object.fromEntries(PROVIDERS.map((provider) => [provider, projectSchema(provider, contract)]));
    await expect(`${JSON.stringify(projections, null, 2)}\n`).toMatchFileSnapshot(`__snapshots__/projections/${name}.json`);
  });

  it('refuses the contracts outside the profile, naming every path and reason', () => {
    const refused = Object.fromEntries(CONTRACTS.filter((c) => !inProfile.includes(c)).map((c) => [c.name, profileViolations(c).map((v) => `${v.path}: ${v.reason.split(/[ (;:]/, 1)[0]}`)]));
    expect(refused).toEqual({
      'looptroop.beads-expanded': ['(root): the', '(root): refinement'],
      'looptroop.vote-scorecard': ['draft_scores: record'],
      'looptroop.refinement-changes': ['(root): index'],
    });
  });
});
