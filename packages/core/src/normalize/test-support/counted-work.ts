/**
 * Work measured without a clock, for linear-time tests of the normalization
 * stages: while `run` executes, the string methods they use are counted, one
 * unit per character compared, searched, copied or folded (the method of
 * src/json/repair-json.linear.test.ts). A quadratic path shows as work per
 * character growing with the input; a clock would need retries on a busy machine.
 */
import { expect } from 'vitest';

type Counted = 'charCodeAt' | 'indexOf' | 'slice' | 'includes' | 'trim' | 'toLowerCase' | 'toUpperCase' | 'normalize' | 'match' | 'replace' | 'split';

/**
 * Characters touched through String.prototype while `run` executes.
 *
 * @example
 * countedWork(() => 'abc'.toLowerCase()) // 3
 */
export function countedWork(run: () => void): number {
  const proto = String.prototype as unknown as Record<Counted, (...args: unknown[]) => unknown>;
  const saved = new Map<Counted, (...args: unknown[]) => unknown>();
  let units = 0;
  for (const name of ['charCodeAt', 'indexOf', 'slice', 'includes', 'trim', 'toLowerCase', 'toUpperCase', 'normalize', 'match', 'replace', 'split'] as const) {
    const original = proto[name];
    saved.set(name, original);
    proto[name] = function (this: string, ...args: unknown[]) {
      units += name === 'charCodeAt' ? 1 : this.length;
      return original.apply(this, args);
    };
  }
  try {
    run();
  } finally {
    for (const [name, original] of saved) proto[name] = original;
  }
  return units;
}

/** Input sizes 4× apart: quadratic work per character grows ×4 a step, linear stays flat. */
const SIZES = [2_000, 8_000, 32_000];

/**
 * Asserts that `run` on `make(n)` does work proportional to the text's length.
 *
 * @example
 * expectLinearWork((n) => 'x'.repeat(n), (t) => void t.indexOf('}'), 'linear reference')
 */
export function expectLinearWork(make: (n: number) => string, run: (text: string) => void, label: string): void {
  const perChar = SIZES.map((n) => {
    const text = make(n);
    return countedWork(() => run(text)) / text.length;
  });
  const shown = perChar.map((x) => x.toFixed(1)).join(' → ');
  expect(perChar[2]!, `${label} grows faster than the input: ${shown} units per character`).toBeLessThan(perChar[1]! * 1.5 + 2);
  expect(perChar[1]!, `${label} grows faster than the input: ${shown} units per character`).toBeLessThan(perChar[0]! * 1.5 + 2);
}
