import { describe, expect, it } from 'vitest';
import { bestOf, interleaved, sameModeSpreads, type ProcessRun } from './whole-process.js';

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

describe('sameModeSpreads', () => {
  const ran = (ms: number, threads: number | null): ProcessRun => ({ ms, peakRssMB: null, records: 7, threads });

  it('groups the subjects whose runs used the same threads and measures how far apart their best times are', () => {
    const spreads = sameModeSpreads(new Map([['naive', ran(7300, null)], ['cli0', ran(2440, 0)], ['cli1', ran(2380, 0)], ['cli2', ran(2600, 0)]]));
    expect(spreads).toHaveLength(1);
    expect(spreads[0]).toMatchObject({ threads: 0, keys: ['cli0', 'cli1', 'cli2'], fastestMs: 2380, slowestMs: 2600 });
    expect(spreads[0]!.spread).toBeCloseTo(2600 / 2380 - 1, 9);
  });

  it('reports nothing when every subject ran its own way', () => {
    expect(sameModeSpreads(new Map([['cli0', ran(17060, 0)], ['cli1', ran(19380, 1)], ['cli2', ran(11660, 2)]]))).toEqual([]);
  });
});
