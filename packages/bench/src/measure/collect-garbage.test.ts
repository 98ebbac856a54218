import { describe, expect, it } from 'vitest';
import { collectGarbage } from './collect-garbage.js';

describe('collectGarbage', () => {
  it('collects an object nothing holds any more, without --expose-gc', async () => {
    const ref = ((): WeakRef<object> => new WeakRef({ payload: new Array(1000).fill(1) }))();
    // A WeakRef's target lives until the current job ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });
});
