import { describe, expect, it } from 'vitest';
import type { Measurement } from '../measure/measure-task.js';
import type { SuiteContext } from './suite-context.js';
import { pairedTimeRatio, SuiteRecorder } from './suite-recorder.js';

function measured(medianMs: number, rounds?: { group: number; ms: number[] }): Measurement {
  const m: Measurement = { name: 'x', bytes: 1, opsPerSec: 1000 / medianMs, mbPerSec: 0, medianMs, meanMs: medianMs, samples: 1 };
  if (rounds !== undefined) m.rounds = rounds;
  return m;
}

describe('pairedTimeRatio', () => {
  it('pairs the rounds of one group: a slow round slows both sides and leaves the ratio', () => {
    // The machine ran at half speed in round 2: the medians alone would read 20 / 12 = 1.67.
    const subject = measured(20, { group: 1, ms: [12, 40, 20] });
    const baseline = measured(12, { group: 1, ms: [6, 20, 12] });
    expect(pairedTimeRatio(subject, baseline)).toBe(2);
  });

  it('takes the median of the rounds, so one odd round does not move it', () => {
    const subject = measured(10, { group: 3, ms: [10, 10, 10, 10, 90] });
    const baseline = measured(10, { group: 3, ms: [5, 5, 5, 5, 5] });
    expect(pairedTimeRatio(subject, baseline)).toBe(2);
  });

  it('falls back to the medians across groups, for single rounds or measurements taken apart', () => {
    expect(pairedTimeRatio(measured(30, { group: 1, ms: [30, 30] }), measured(10, { group: 2, ms: [10, 10] }))).toBe(3);
    expect(pairedTimeRatio(measured(30, { group: 1, ms: [30] }), measured(10, { group: 1, ms: [10] }))).toBe(3);
    expect(pairedTimeRatio(measured(30), measured(10))).toBe(3);
  });
});

describe('SuiteRecorder.measureGroup', () => {
  it('times each task on its own input size and case when it names them, and budgets it by its size', async () => {
    const budgets: number[] = [];
    const ctx: SuiteContext = {
      mode: 'full',
      seed: 1,
      rounds: 1,
      budget: (bytes) => {
        budgets.push(bytes);
        return { time: 1, iterations: 1, warmupTime: 0, warmupIterations: 0 };
      },
      log: () => {},
      corpusDir: '',
      tmpDir: '',
    };
    const rec = new SuiteRecorder('scaling', ctx);
    const [small, large] = await rec.measureGroup(
      'trailing commas',
      [
        { subject: 'parse', case: '64KB', bytes: 65536, fn: () => 1 },
        { subject: 'parse', case: '1MB', bytes: 1048576, fn: () => 1 },
      ],
      65536,
    );
    expect(rec.rows.map((r) => [r.case, r.bytes])).toEqual([
      ['64KB', 65536],
      ['1MB', 1048576],
    ]);
    expect(budgets).toEqual([65536, 1048576]);
    // One group: the two sizes' rounds pair.
    expect(small?.rounds?.group).toBe(large?.rounds?.group);
    expect(small?.rounds?.ms).toHaveLength(7);
  });
});
