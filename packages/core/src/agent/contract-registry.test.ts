import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContractRegistry } from './contract-registry.js';

describe('ContractRegistry', () => {
  it('registers, gets, checks and lists contracts in registration order', () => {
    const registry = new ContractRegistry();
    const reviewer = { name: 'reviewer', outputSchema: z.object({ verdict: z.string() }) };
    const planner = { name: 'planner', outputSchema: z.object({ steps: z.array(z.string()) }), blockMarker: 'aamf-json' };
    registry.register(reviewer);
    registry.register(planner);
    expect(registry.get('reviewer')).toBe(reviewer);
    expect(registry.has('planner')).toBe(true);
    expect(registry.has('coder')).toBe(false);
    expect(registry.get('coder')).toBeUndefined();
    expect(registry.list()).toEqual(['reviewer', 'planner']);
  });

  it('refuses a second contract under a registered name and keeps the first', () => {
    const registry = new ContractRegistry();
    const first = { name: 'reviewer', outputSchema: z.object({ verdict: z.string() }) };
    registry.register(first);
    expect(() => registry.register({ name: 'reviewer', outputSchema: z.string() })).toThrow('ContractRegistry: a contract for agent "reviewer" is already registered.');
    expect(registry.get('reviewer')).toBe(first);
  });

  it('does not let a caller mutate its list', () => {
    const registry = new ContractRegistry();
    registry.register({ name: 'a', outputSchema: z.string() });
    registry.list().push('b');
    expect(registry.list()).toEqual(['a']);
  });
});
