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
    expect(CONTRACTS.length).toBe(29);
    expect(inProfile.map((c) => c.name).sort()).toEqual([
      'erk.tripwire-candidates',
      'looptroop.bead-status',
      'looptroop.beads-blueprint',
      'looptroop.full-answers',
      'looptroop.interview-document',
      'looptroop.refinement-changes',
    ]);
  });

  it.each(inProfile.map((contract) => [contract.name, contract] as const))('%s projects to every provider (snapshot)', async (name, contract) => {
    const projections = Object.fromEntries(PROVIDERS.map((provider) => [provider, projectSchema(provider, contract)]));
    await expect(`${JSON.stringify(projections, null, 2)}\n`).toMatchFileSnapshot(`__snapshots__/projections/${name}.json`);
  });

  // LoopTroop fills many fields silently, so its contracts carry Zod defaults (outside the profile) and read loose shapes.
  it('refuses the contracts outside the profile, naming every path and reason (snapshot)', async () => {
    const refused = Object.fromEntries(CONTRACTS.filter((c) => !inProfile.includes(c)).map((c) => [c.name, profileViolations(c).map((v) => `${v.path}: ${v.reason.split(/[ (;:]/, 1)[0]}`)]));
    for (const reasons of Object.values(refused)) expect(reasons.length).toBeGreaterThan(0);
    await expect(`${JSON.stringify(refused, null, 2)}\n`).toMatchFileSnapshot('__snapshots__/projections/refused.json');
  });
});
