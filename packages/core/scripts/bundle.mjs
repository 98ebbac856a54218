/**
 * Bundles the published entry points after `tsc` has written the declarations. One
 * file per entry (and shared chunks) instead of ~170 modules: importing core costs a
 * worker thread, a CLI start and a user's process a fraction of the module loading,
 * and every entry shares one copy of the scanner registry and contract caches.
 * Dependencies (`yaml`, `zod`, `@standard-schema/spec`) stay imports.
 */
import { build } from 'esbuild';
import { readFile, rm } from 'node:fs/promises';

const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8'));

// Chunk names are content hashes: a rebuild would leave the last build's chunks beside the
// new ones, and a package packed from a working copy would ship every one of them.
await rm(new URL('../dist/chunks', import.meta.url), { recursive: true, force: true });

await build({
  absWorkingDir: new URL('..', import.meta.url).pathname,
  entryPoints: {
    index: 'src/index.ts',
    internal: 'src/internal.ts',
    'scan/index': 'src/scan/index.ts',
    'schema/index': 'src/schema/index.ts',
    'agent/index': 'src/agent/index.ts',
  },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})],
  logLevel: 'warning',
});
