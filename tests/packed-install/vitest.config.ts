import { defineConfig } from 'vitest/config';

// The packed-install test spawns pnpm, npm, node and tsc; its setup has its own timeout.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 240_000 },
});
