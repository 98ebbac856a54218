import { defineConfig } from 'vitest/config';

// Tests run against TypeScript sources through the "source" export condition,
// so no build step is needed for core; packages with build outputs (wasm,
// worker threads) declare that dependency in turbo.json.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: { include: ['src/**/*.test.ts'], testTimeout: 30_000, passWithNoTests: true },
});
