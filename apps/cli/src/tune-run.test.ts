import { describe, expect, it } from 'vitest';
import { fillsEveryCore, optimizesEarly } from './tune-run.js';

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

describe('optimizesEarly', () => {
  it('is true only for runs inline of at least 8 MiB', () => {
    expect(optimizesEarly(-1, 20 * MB)).toBe(true);
    expect(optimizesEarly(-1, 4 * MB)).toBe(false);
    // On threads (the default above 48 MiB) the compiler would compete with the workers.
    expect(optimizesEarly(-1, 200 * MB)).toBe(false);
    expect(optimizesEarly(2, 200 * MB)).toBe(false);
    // Inline as asked, or because the log is small whatever --threads says.
    expect(optimizesEarly(0, 200 * MB)).toBe(true);
    expect(optimizesEarly(2, 20 * MB)).toBe(true);
    // Size unknown (stdin): threads.
    expect(optimizesEarly(-1, undefined)).toBe(false);
  });
});
