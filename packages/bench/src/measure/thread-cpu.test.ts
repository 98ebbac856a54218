import { describe, expect, it } from 'vitest';
import { allCpu, cpuByRole, readThreadCpu, shortestPass } from './thread-cpu.js';

describe('cpuByRole', () => {
  it('splits CPU into the calling thread, the busiest others as workers, and the rest as helpers', () => {
    const me = String(process.pid);
    const before = new Map([[me, 100], ['11', 10], ['12', 5], ['13', 1]]);
    const after = new Map([[me, 130], ['11', 410], ['12', 385], ['13', 9], ['14', 4]]);
    expect(cpuByRole(before, after, 2)).toEqual({ calling: 30, workers: 780, helpers: 12 });
    expect(cpuByRole(before, after, 1)).toEqual({ calling: 30, workers: 400, helpers: 392 });
  });
});

describe('shortestPass', () => {
  it('is the CPU shared among the cores where cores are scarce, one worker\'s share where they are not', () => {
    const cpu = { calling: 30, workers: 800, helpers: 70 };
    expect(shortestPass(cpu, 2, 2)).toBe(450);
    expect(shortestPass(cpu, 2, 8)).toBe(400);
    expect(shortestPass(cpu, 1, 2)).toBe(800);
    expect(allCpu(cpu)).toBe(900);
  });
});

describe('readThreadCpu', () => {
  it.runIf(process.platform === 'linux')('reads the calling thread among the threads, its time growing with work', () => {
    const before = readThreadCpu();
    expect(before?.has(String(process.pid))).toBe(true);
    // Spins until the process has used 30 ms of CPU, not for 30 ms of wall time: on a loaded
    // machine (other test files in parallel) a wall-time spin got under 10 ms of CPU.
    let spin = 0;
    const start = process.cpuUsage();
    const used = (): number => {
      const now = process.cpuUsage(start);
      return (now.user + now.system) / 1000;
    };
    while (used() < 30) spin++;
    const after = readThreadCpu()!;
    expect(spin).toBeGreaterThan(0);
    expect(cpuByRole(before!, after, 0).calling).toBeGreaterThan(10);
  });
});
