import { defineConfig } from 'vitest/config';

// Tests run against TypeScript sources through the "source" export condition;
// the browser client is read from dist/, which turbo builds before `test`.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: { include: ['src/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 600_000, passWithNoTests: true },
});
