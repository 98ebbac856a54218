import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests run against @airlock/core's TypeScript sources, so core needs no build step
// first. An alias, not the "source" export condition its siblings use: a dependency of
// `ai` (eventsource-parser) answers that condition with raw .ts files Node cannot load.
export default defineConfig({
  resolve: {
    alias: [{ find: /^@airlock\/core$/, replacement: fileURLToPath(new URL('../core/src/index.ts', import.meta.url)) }],
  },
  test: { include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
