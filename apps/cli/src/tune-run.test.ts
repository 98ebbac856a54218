import { describe, expect, it } from 'vitest';
import { fillsEveryCore } from './tune-run.js';

const MB = 1024 * 1024;

describe('fillsEveryCore', () => {
  it('is true only for runs on threads that number the cores', () => {
    // Default threads: inline below 48 MiB, one per core above, and for stdin.
    expect(fillsEveryCore(-1, 20 * MB, 2)).toBe(false);
    expect(fillsEveryCore(-1, 200 * MB, 2)).toBe(true);
    expect(fillsEveryCore(-1, undefined, 2)).toBe(true);
    // Explicit: inline never; fewer threads than cores leave one free.
    expect(fillsEveryCore(0, 200 * MB, 2)).toBe(false);
    expect(fillsEveryCore(1, 200 * MB, 2)).toBe(false);
    expect(fillsEveryCore(2, 200 * MB, 2)).toBe(true);
    expect(fillsEveryCore(4, 200 * MB, 8)).toBe(false);
    // A small log runs inline whatever --threads says.
    expect(fillsEveryCore(2, 1 * MB, 2)).toBe(false);
  });
});
