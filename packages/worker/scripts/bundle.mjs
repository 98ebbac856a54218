/**
 * Bundles the published entry (`index`) and the worker threads' module (`worker`) after `tsc`
 * has written the declarations (see `scripts/bundle-package.mjs`): a process that imports the
 * batch runner, and each worker thread, load a few files instead of ~45 modules. Chunks sit
 * beside the entries, so `new URL('../package.json', import.meta.url)` means the same in each.
 * `worker-entry.cjs`, the CommonJS file Piscina loads, is transpiled alone: it imports
 * `./worker.js` when its first task arrives.
 */
import { bundlePackage } from '../../../scripts/bundle-package.mjs';

await bundlePackage(new URL('..', import.meta.url), {
  entryPoints: { index: 'src/index.ts', worker: 'src/worker.ts' },
  commonJs: { 'worker-entry': 'src/worker-entry.cts' },
});
