import { describe, expect, it } from 'vitest';
import { createWarmUpGate } from './warm-up-gate.js';

/** A promise and the functions that settle it. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('createWarmUpGate', () => {
  it('runs chunks here until a thread is ready, then hands them to free threads, and all to the pool once every thread is ready', async () => {
    const warmUps = [deferred(), deferred()];
    let started = 0;
    const gate = createWarmUpGate(2, () => warmUps[started++]!.promise);
    expect(started).toBe(2);
    expect(gate.runHere()).toBe(true);

    warmUps[0]!.resolve();
    await tick();
    // One thread ready and free: the chunk goes to it; the next finds no free thread.
    expect(gate.runHere()).toBe(false);
    const first = deferred<string>();
    const tracked = gate.track(first.promise, 100);
    expect(gate.runHere()).toBe(true);

    first.resolve('done');
    await expect(tracked).resolves.toBe('done');
    expect(gate.runHere()).toBe(false);

    // A failed warm-up still counts as started: the real chunk reports the failure.
    warmUps[1]!.reject(new Error('cannot load'));
    await tick();
    gate.track(new Promise(() => {}), 100);
    gate.track(new Promise(() => {}), 100);
    gate.track(new Promise(() => {}), 100);
    expect(gate.runHere()).toBe(false);
  });

  it('frees a thread when its chunk fails', async () => {
    const gate = createWarmUpGate(2, (() => {
      let calls = 0;
      return () => (calls++ === 0 ? Promise.resolve() : new Promise(() => {}));
    })());
    await tick();
    const failing = deferred<never>();
    const tracked = gate.track(failing.promise, 100);
    expect(gate.runHere()).toBe(true);
    failing.reject(new Error('boom'));
    await expect(tracked).rejects.toThrow('boom');
    expect(gate.runHere()).toBe(false);
  });
});
