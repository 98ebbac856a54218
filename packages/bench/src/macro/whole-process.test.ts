import { describe, expect, it } from 'vitest';
import { bestOf, interleaved, type ProcessRun } from './whole-process.js';

const run = (ms: number, peakRssMB: number | null = null): ProcessRun => ({ ms, peakRssMB, records: 7, threads: 2 });

describe('interleaved', () => {
  it('runs every subject once per round, each round starting one subject further on', async () => {
    const order: string[] = [];
    const runs = await interleaved(['a', 'b', 'c'], 4, async (key) => {
      order.push(key);
      return run(order.length);
    });
    expect(order.join('')).toBe('abcbcacababc');
    expect(runs.get('a')!.map((r) => r.ms)).toEqual([1, 6, 8, 10]);
  });
});

describe('bestOf', () => {
  it('takes the shortest time and the largest reported peak', () => {
    expect(bestOf([run(900, 150), run(800, null), run(850, 160)])).toEqual({ ms: 800, peakRssMB: 160, records: 7, threads: 2 });
    expect(bestOf([run(5), run(4)]).peakRssMB).toBeNull();
  });
});
