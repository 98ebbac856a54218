import { afterEach, describe, expect, it } from 'vitest';
import { restoreInterruptBudget, setFlagUnlessGiven } from './v8-flags.js';

const before = process.env.NODE_OPTIONS;
afterEach(() => {
  if (before === undefined) delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = before;
});

describe('setFlagUnlessGiven', () => {
  it('leaves a flag the user gave in NODE_OPTIONS to the user', () => {
    process.env.NODE_OPTIONS = '--max-old-space-size=4096 --parallel-scavenge';
    expect(setFlagUnlessGiven('parallel-scavenge', '--no-parallel-scavenge')).toBe(false);
  });

  it('sets the flag otherwise', () => {
    delete process.env.NODE_OPTIONS;
    // V8's default value, so setting it changes nothing else in the test process.
    expect(setFlagUnlessGiven('parallel-scavenge', '--parallel-scavenge')).toBe(true);
  });
});

describe('restoreInterruptBudget', () => {
  it('leaves a budget the user gave to the user', () => {
    process.env.NODE_OPTIONS = '--interrupt-budget=100000';
    expect(restoreInterruptBudget()).toBe(false);
  });

  it('sets V8 11 its own budget back, and nothing on later V8s (which have no such flag)', () => {
    delete process.env.NODE_OPTIONS;
    const v8Major = Number(process.versions.v8.split('.')[0]);
    // The test process runs V8's default, so setting it changes nothing.
    expect(restoreInterruptBudget()).toBe(v8Major <= 11);
  });
});
