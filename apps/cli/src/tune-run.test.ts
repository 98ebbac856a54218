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
  it('is true only for runs inline by the size rule, of at least 8 MiB', () => {
    expect(optimizesEarly(20 * MB)).toBe(true);
    expect(optimizesEarly(47 * MB)).toBe(true);
    expect(optimizesEarly(4 * MB)).toBe(false);
    // At and above the inline threshold: threads by default, or inline on request, both as measured.
    expect(optimizesEarly(48 * MB)).toBe(false);
    expect(optimizesEarly(200 * MB)).toBe(false);
    // Size unknown (stdin): threads.
    expect(optimizesEarly(undefined)).toBe(false);
  });
});
