import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIXTURE_CONTRACTS } from '../normalize/test-support/fixture-contracts.js';
import { AgentSchemaProfileError } from './check-profile.js';
import { isProvider, projectSchema, PROVIDERS } from './project-schema.js';

/** The erk contract's twin (the shipped one lives in @airlock/contracts, which depends on core). */
const erkTripwireCandidates = FIXTURE_CONTRACTS.erk;

/** The contracts core ships: every one projects to every provider, its losses listed. */
const SHIPPED = [erkTripwireCandidates];

describe('projectSchema', () => {
  describe.each(SHIPPED)('shipped contract $name', (contract) => {
    it.each(PROVIDERS)('projects to %s (snapshot of schema and lost constraints)', async (provider) => {
      const projection = projectSchema(provider, contract);
      await expect(`${JSON.stringify(projection, null, 2)}\n`).toMatchFileSnapshot(`__snapshots__/${contract.name}.${provider}.json`);
    });
  });

  it('lists the erk contract losses per provider: minLength is lost where the dialect has no string length', () => {
    const losses = Object.fromEntries(PROVIDERS.map((provider) => [provider, projectSchema(provider, erkTripwireCandidates).lost.map((l) => `${l.path} ${l.constraint}`)]));
    const minLengths = ['candidates[].action minLength: 1', 'candidates[].warning minLength: 1', 'candidates[].target_doc_path minLength: 1'];
    expect(losses).toEqual({
      openai: minLengths,
      anthropic: minLengths,
      gemini: ['candidates[] additionalProperties: false', '(root) additionalProperties: false'],
      'ag-ui': [],
      'json-schema': [],
    });
  });

  it('refuses a schema outside the profile for every provider, and knows its provider names', () => {
    for (const provider of PROVIDERS) expect(() => projectSchema(provider, z.object({ n: z.date() }))).toThrow(AgentSchemaProfileError);
    expect(isProvider('gemini')).toBe(true);
    expect(isProvider('bedrock')).toBe(false);
  });
});
