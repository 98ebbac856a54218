/**
 * Bundles the published entry points after `tsc` has written the declarations (see
 * `scripts/bundle-package.mjs`). One file per entry (and shared chunks) instead of ~170
 * modules: importing core costs a worker thread, a CLI start and a user's process a fraction
 * of the module loading, and every entry shares one copy of the scanner registry and contract
 * caches. `zod` (a peer: one copy for the user's schemas and ours) and `@standard-schema/spec`
 * stay imports. `yaml` is bundled (its licence is in LICENSE): loaded as a package it is ~60
 * CommonJS modules, and a fresh process or worker thread paid 34 ms of CPU to load them
 * (a 16 KB `airlock batch` inline went from 0.246 to 0.150 s of CPU, 2026-11-27, 0.1.0).
 * It stays a dependency for the types the declarations import from it.
 */
import { bundlePackage } from '../../../scripts/bundle-package.mjs';

await bundlePackage(new URL('..', import.meta.url), {
  entryPoints: {
    index: 'src/index.ts',
    internal: 'src/internal.ts',
    'scan/index': 'src/scan/index.ts',
    'schema/index': 'src/schema/index.ts',
    'agent/index': 'src/agent/index.ts',
  },
  chunkNames: 'chunks/[name]-[hash]',
  bundled: ['yaml'],
  // The bundled CommonJS of `yaml` requires Node built-ins (`process`): ESM has no `require`.
  banner: "import { createRequire as __airlockRequire } from 'node:module'; const require = __airlockRequire(import.meta.url);",
});
