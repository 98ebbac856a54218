import { describe, expect, it } from 'vitest';
import { WORKER_OLD_GENERATION_MB, WORKER_YOUNG_GENERATION_MB, workerResourceLimits } from './worker-resource-limits.js';

describe('workerResourceLimits', () => {
  it('caps both generations by default, the old one under the size where V8 grows heaps fourfold', () => {
    expect(workerResourceLimits([], '')).toEqual({ maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB, maxOldGenerationSizeMb: WORKER_OLD_GENERATION_MB });
    expect(WORKER_OLD_GENERATION_MB).toBeLessThan(2048);
  });

  it("leaves the old generation to a user's own --max-old-space-size, as a flag or in NODE_OPTIONS", () => {
    expect(workerResourceLimits(['--max-old-space-size=8192'], '')).toEqual({ maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB });
    expect(workerResourceLimits([], '--enable-source-maps --max_old_space_size=6000')).toEqual({ maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB });
    expect(workerResourceLimits(['--max-semi-space-size=4'], '--no-warnings')).toHaveProperty('maxOldGenerationSizeMb', WORKER_OLD_GENERATION_MB);
  });

  it('takes an explicit cap (RunBatchOptions.threadHeapMb) over both', () => {
    expect(workerResourceLimits(['--max-old-space-size=8192'], '', 512)).toEqual({ maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB, maxOldGenerationSizeMb: 512 });
  });
});
