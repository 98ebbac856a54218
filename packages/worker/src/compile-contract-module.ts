/**
 * Turns a TypeScript contract module into one cached JavaScript module, once,
 * on the thread that starts a run: worker threads then import plain JavaScript
 * and never load a TypeScript toolchain (which cost each thread most of a
 * second and ~100 MB). esbuild bundles the contract's own files; every package
 * it imports stays external, rewritten to the file URL it resolves to from the
 * contract's directory, so the compiled module shares `zod` and
 * `@airlock/core` with whatever else imports them.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { fileState, lookUpCompiled, recordCompiled, sameFiles, type CompiledContract, type FileState } from './contract-cache-index.js';
import { writeOnce } from './write-once.js';

/** Where compiled contracts are kept, named by a hash of their code (so runs never clash). */
export const CONTRACT_CACHE_DIR = join(tmpdir(), 'airlock-contracts');

/** Packages stay out of the bundle: they resolve (with the `import` condition) to absolute file URLs. */
const externalPackages: Plugin = {
  name: 'airlock-external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || /^[A-Za-z]:[\\/]/.test(args.path)) return undefined;
      if (isBuiltin(args.path)) return { path: args.path, external: true };
      const resolved = await builder.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'resolving' });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: pathToFileURL(resolved.path).href, external: true };
    });
  },
};

/** A module file to compile, or a package specifier to resolve from a directory. */
export type ContractSource = { path: string } | { specifier: string; cwd: string };

/**
 * Compiles a TypeScript module (and the local files it imports) to one ES
 * module in {@link CONTRACT_CACHE_DIR}, or, for a package specifier, writes a
 * module re-exporting the file it resolves to; resolves to the module's path.
 * Throws an Error whose message is esbuild's first error, with its location.
 *
 * @example
 * const js = await compileContractModule({ path: '/work/contract.ts' });
 * const mod = await import(pathToFileURL(js).href);
 */
export async function compileContractModule(source: ContractSource): Promise<string> {
  const key = JSON.stringify(source);
  // This process's record is checked here; the index on disk checks its own entry (lookUpCompiled).
  const remembered = compiledBefore.get(key);
  const before = remembered !== undefined && existsSync(remembered.path) && (await sameFiles(remembered.inputs)) ? remembered : await lookUpCompiled(CONTRACT_CACHE_DIR, key);
  if (before !== undefined) {
    compiledBefore.set(key, before);
    return before.path;
  }
  const compiled = await compile(source);
  // A file that cannot be looked at again is never trusted unchanged: compiled afresh each time.
  if (compiled.inputs !== undefined) {
    const entry = { path: compiled.path, inputs: compiled.inputs };
    compiledBefore.set(key, entry);
    await recordCompiled(CONTRACT_CACHE_DIR, key, entry);
  } else compiledBefore.delete(key);
  return compiled.path;
}

/**
 * Modules compiled by this process: a run compiles its contract once, and a process that
 * starts many runs (a queue worker's shards, a pool's logs) compiles it again only when one
 * of its files changed, instead of about 5 ms of bundling per run. A fresh process finds
 * them in the cache's index on disk (see contract-cache-index.ts).
 */
const compiledBefore = new Map<string, CompiledContract>();

/** The module compiled, and the files it was compiled from (undefined when one cannot be looked at). */
async function compile(source: ContractSource): Promise<{ path: string; inputs: FileState[] | undefined }> {
  const entry = 'path' in source
    ? { entryPoints: [source.path], define: { 'import.meta.url': JSON.stringify(pathToFileURL(source.path).href) } }
    : { stdin: { contents: `export * from ${JSON.stringify(source.specifier)};`, resolveDir: source.cwd, loader: 'js' as const } };
  // Loaded only when a contract needs compiling: its service process is most of a run's start-up.
  const { build } = await import('esbuild');
  const result = await build({
    ...entry,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'silent',
    metafile: true,
    plugins: [externalPackages],
  }).catch((error: unknown) => {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } | null }[] }).errors?.[0];
    if (first === undefined) throw error;
    const where = first.location == null ? '' : `${first.location.file}:${first.location.line}:${first.location.column}: `;
    throw new Error(`${where}${first.text}`);
  });
  const code = result.outputFiles[0]?.text ?? '';
  const hash = createHash('sha256').update(JSON.stringify(source)).update('\0').update(code).digest('hex').slice(0, 20);
  const compiled = join(CONTRACT_CACHE_DIR, `${hash}.mjs`);
  await writeOnce(compiled, code);
  // Input paths are relative to the working directory; `<stdin>` (a package specifier's
  // re-export) is no file, and what it resolves to is listed beside it.
  const files = Object.keys(result.metafile.inputs).filter((input) => input !== '<stdin>');
  const inputs = await Promise.all(files.map((input) => fileState(resolve(input))));
  return { path: compiled, inputs: inputs.every((input) => input !== undefined) ? inputs : undefined };
}
