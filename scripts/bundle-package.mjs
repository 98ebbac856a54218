/**
 * Bundles a package's published entry points after `tsc` has written its declarations: one
 * file per entry (and the chunks they share) instead of one module per source file. Node's
 * ESM loader pays for every module it resolves, reads and links, and a fresh `airlock`
 * process or worker thread loads the whole graph before its first record.
 *
 * Dependencies and peers stay imports (a peer such as `zod` must be one copy for the user's
 * schemas and ours), except those named in `bundled`. The package's earlier JavaScript output
 * is removed first: chunk names are content hashes, and a rebuild would otherwise leave the
 * last build's chunks beside the new ones, which a package packed from a working copy would ship.
 *
 * @example
 * // packages/worker/scripts/bundle.mjs
 * await bundlePackage(new URL('..', import.meta.url), { entryPoints: { index: 'src/index.ts' } });
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** JavaScript files under `dir` (recursively): what a bundle replaces; declarations stay. */
async function javascriptFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && /\.(?:c|m)?js(?:\.map)?$/.test(e.name)).map((e) => join(e.parentPath ?? e.path, e.name));
}

/**
 * @param {URL} packageUrl the package's directory (ending in `/`)
 * @param {{
 *   entryPoints: Record<string, string>,
 *   chunkNames?: string,
 *   bundled?: string[],
 *   banner?: string,
 *   commonJs?: Record<string, string>,
 * }} options `chunkNames` as esbuild takes it (default: beside the entries, so a chunk's
 *   `import.meta.url` is an entry's); `commonJs`: CommonJS files transpiled one by one, unbundled
 *   (output name → source).
 */
export async function bundlePackage(packageUrl, options) {
  const dir = fileURLToPath(packageUrl);
  // From the package, so each package builds with the esbuild it pins.
  const { build } = createRequire(new URL('package.json', packageUrl))('esbuild');
  const pkg = JSON.parse(await readFile(new URL('package.json', packageUrl), 'utf8'));
  const bundled = new Set(options.bundled ?? []);
  const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})].filter((d) => !bundled.has(d));
  await Promise.all((await javascriptFiles(join(dir, 'dist'))).map((file) => rm(file, { force: true })));
  const common = { absWorkingDir: dir, platform: 'node', target: 'node20', outdir: 'dist', logLevel: 'warning' };
  await build({
    ...common,
    entryPoints: options.entryPoints,
    bundle: true,
    splitting: true,
    format: 'esm',
    chunkNames: options.chunkNames ?? '[name]-[hash]',
    external,
    ...(options.banner === undefined ? {} : { banner: { js: options.banner } }),
  });
  if (options.commonJs !== undefined) {
    await build({ ...common, entryPoints: options.commonJs, bundle: false, format: 'cjs', outExtension: { '.js': '.cjs' } });
  }
}
