import { defineConfig } from 'vitest/config';

// The blocks run as a user runs them (built packages, no "source" condition), each in its own
// node process; one TypeScript program checks them all, which takes a few seconds.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], testTimeout: 120_000 },
});
