/**
 * Every shipped contract drives its prompt: `renderInstructions` shows an
 * example the contract itself accepts as-is (zero interventions).
 */
import { safeParse, type Contract } from '@airlock/core';
import { exampleValue, extractStructuredOutput, renderInstructions } from '@airlock/core/agent';
import { describe, expect, it } from 'vitest';
import { ARTIFACT_CONTRACTS } from './artifact-contracts.js';

/** Each contract once (several artifact names share one), without those whose checks need a runtime context to accept anything. */
const CONTRACTS = ([...new Map((Object.entries(ARTIFACT_CONTRACTS) as [string, Contract][]).map(([name, c]) => [c, name])).entries()].map(([c, name]) => [name, c]) as [string, Contract][]).filter(
  ([, contract]) => !(contract.checks ?? []).some((check) => (check.needs ?? []).length > 0),
);

describe('agent instructions of the shipped contracts', () => {
  it('covers most of the pack', () => expect(CONTRACTS.length).toBeGreaterThanOrEqual(8));

  it.each(CONTRACTS)('%s: the example passes safeParse with zero interventions', (_name, contract) => {
    const example = exampleValue(contract);
    expect(example).not.toBeUndefined();
    expect(JSON.stringify(example), 'an empty example shows nothing').not.toMatch(/^(\[\]|\{\})$/);
    const result = safeParse(JSON.stringify(example), contract);
    expect(result.success ? result.interventions : result).toEqual([]);
  });

  it.each(CONTRACTS)('%s: the rendered block parses back untouched', (_name, contract) => {
    const text = renderInstructions(contract, { blockMarker: 'cadre-json' });
    const block = text.slice(text.indexOf('Example:\n') + 'Example:\n'.length);
    expect(extractStructuredOutput(block, contract, { fallbackToRawJson: false })).toMatchObject({ success: true, interventions: [] });
  });
});
