/**
 * Loads a contract from a module specifier and an export name, on any thread
 * (Zod schemas cannot cross threads, so every worker loads its own copy).
 * The starting thread prepares the reference once: a TypeScript module is
 * compiled to a cached JavaScript module, a package specifier resolved from the
 * user's directory; every thread then imports plain JavaScript.
 */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isContract, toContract, type Contract } from '@airlock/core';
import { isStandardSchema } from '@airlock/core/internal';
import { BatchError, firstLine } from './batch-error.js';
import type { ContractRef } from './types.js';

/** A contract reference resolved on the main thread ({@link prepareContractRef} makes it importable anywhere). */
export interface ResolvedContractRef {
  /** File URL for a path (after {@link prepareContractRef}: of a JavaScript module), or the bare specifier of a package. */
  specifier: string;
  /** Where a bare specifier resolves from (the directory the user ran in). */
  parentURL: string;
  export: string;
  /** The user's spelling, for messages and the output's metadata. */
  module: string;
}

const PATH_LIKE = /^(?:\.{1,2}[\\/]|[\\/]|[A-Za-z]:[\\/])|\.(?:[cm]?[jt]s|tsx)$/;
const PLAIN_JS = /\.(?:[cm]?js)$/;

/**
 * Resolves a relative module path against `cwd` and checks the file exists.
 *
 * @example
 * resolveContractRef({ module: './contract.ts', export: 'review' }, '/work').specifier; // 'file:///work/contract.ts'
 */
export function resolveContractRef(ref: ContractRef, cwd: string = process.cwd()): ResolvedContractRef {
  if (ref.module === '') throw new BatchError('contract', 'contract module is empty (expected <module>#<export>)');
  if (ref.export === '') throw new BatchError('contract', `contract export is empty in "${ref.module}#" (expected <module>#<export>)`);
  const parentURL = pathToFileURL(`${resolve(cwd)}/`).href;
  if (!PATH_LIKE.test(ref.module)) return { specifier: ref.module, parentURL, export: ref.export, module: ref.module };
  const path = isAbsolute(ref.module) ? ref.module : resolve(cwd, ref.module);
  if (!existsSync(path)) throw new BatchError('contract', `contract module not found: ${ref.module} (looked for ${path})`);
  if (statSync(path).isDirectory()) throw new BatchError('contract', `contract module is a directory: ${ref.module}`);
  return { specifier: pathToFileURL(path).href, parentURL, export: ref.export, module: ref.module };
}

/** Keeps a loader error to one line, but keeps the reason when the first line only announces it. */
function loaderMessage(error: unknown): string {
  const lines = String(error instanceof Error ? error.message : error)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const [first = 'unknown error', second] = lines;
  return first.endsWith(':') && second !== undefined ? `${first} ${second}` : firstLine(first);
}

function isPrepared(ref: ResolvedContractRef): boolean {
  return ref.specifier.startsWith('file:') && PLAIN_JS.test(ref.specifier);
}

/**
 * Makes a reference importable by plain `import()` on any thread: a TypeScript
 * module is compiled once (esbuild) to a cached JavaScript module, a package
 * specifier becomes a module re-exporting the file it resolves to from the
 * user's directory; a JavaScript file is left as it is.
 *
 * @example
 * const ref = await prepareContractRef(resolveContractRef({ module: './contract.ts', export: 'review' }));
 * ref.specifier; // 'file:///tmp/airlock-contracts/3f2a….mjs'
 */
export async function prepareContractRef(ref: ResolvedContractRef): Promise<ResolvedContractRef> {
  if (isPrepared(ref)) return ref;
  let compiled: string;
  try {
    // Loaded on demand: worker threads get prepared references and never load esbuild.
    const { compileContractModule } = await import('./compile-contract-module.js');
    compiled = await compileContractModule(ref.specifier.startsWith('file:') ? { path: fileURLToPath(ref.specifier) } : { specifier: ref.specifier, cwd: fileURLToPath(ref.parentURL) });
  } catch (error) {
    throw new BatchError('contract', `cannot load contract module ${ref.module}: ${loaderMessage(error)}`);
  }
  return { ...ref, specifier: pathToFileURL(compiled).href };
}

/** How long a contract module may take to load by default (its top-level code, awaits included). */
export const DEFAULT_CONTRACT_LOAD_TIMEOUT_MS = 30_000;

/** Thrown in place of exiting when a contract module calls `process.exit` while it loads. */
class ExitWhileLoading extends Error {
  constructor(readonly code: unknown) {
    super('process.exit');
  }
}

/**
 * Imports a module with two guards a run needs from code it does not own: a
 * `process.exit` during loading throws instead of ending the run silently with
 * nothing written, and a top-level await that never settles fails after
 * `timeoutMs` instead of letting the event loop drain (which ended the process
 * with no message at all).
 */
async function guardedImport(specifier: string, module: string, timeoutMs: number): Promise<Record<string, unknown>> {
  const exit = process.exit;
  process.exit = ((code?: unknown) => {
    throw new ExitWhileLoading(code);
  }) as typeof process.exit;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const seconds = timeoutMs / 1000;
      reject(new BatchError('contract', `contract module ${module} did not finish loading within ${seconds} s (a top-level await that never settles?); if it is only slow, raise the load timeout`));
    }, timeoutMs);
  });
  try {
    return (await Promise.race([import(specifier), timeout])) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof ExitWhileLoading) {
      throw new BatchError('contract', `contract module ${module} called process.exit(${error.code === undefined ? '' : String(error.code)}) while loading; a contract module must only define its contract`);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    // Only restore what this guard installed (the module may have replaced it in turn).
    process.exit = exit;
  }
}

function pickExport(mod: Record<string, unknown>, name: string): unknown {
  if (Object.prototype.hasOwnProperty.call(mod, name)) return mod[name];
  // A .ts file outside an ESM package loads as CommonJS; its exports sit on `default`.
  const fallback = mod['default'];
  if (typeof fallback === 'object' && fallback !== null && Object.prototype.hasOwnProperty.call(fallback, name)) {
    return (fallback as Record<string, unknown>)[name];
  }
  return undefined;
}

function exportNames(mod: Record<string, unknown>): string {
  const names = Object.keys(mod).filter((key) => key !== 'default' && key !== '__esModule');
  return names.length === 0 ? 'it has no named exports' : `it exports ${names.join(', ')}`;
}

/**
 * Imports a resolved reference (preparing it first when that was not done) and
 * turns its export into a contract. A module that calls `process.exit` while
 * loading, or takes longer than `timeoutMs` (default
 * `DEFAULT_CONTRACT_LOAD_TIMEOUT_MS`, 30 s), fails with a one-line {@link BatchError}.
 *
 * @example
 * const contract = await importContract(resolveContractRef({ module: './contract.ts', export: 'review' }));
 */
export async function importContract(ref: ResolvedContractRef, options: { timeoutMs?: number } = {}): Promise<Contract> {
  let mod: Record<string, unknown>;
  try {
    mod = await guardedImport((await prepareContractRef(ref)).specifier, ref.module, options.timeoutMs ?? DEFAULT_CONTRACT_LOAD_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof BatchError) throw error;
    throw new BatchError('contract', `cannot load contract module ${ref.module}: ${loaderMessage(error)}`);
  }
  const value = pickExport(mod, ref.export);
  if (value === undefined) throw new BatchError('contract', `contract module ${ref.module} has no export "${ref.export}" (${exportNames(mod)})`);
  if (!isContract(value) && !isStandardSchema(value)) {
    throw new BatchError('contract', `export "${ref.export}" of ${ref.module} is not a Zod schema, a Standard Schema or an Airlock contract`);
  }
  return toContract(value, ref.export);
}

/**
 * Resolves and imports a contract in one step.
 *
 * @example
 * const contract = await loadContract({ module: './examples/contract.ts', export: 'sampleContract' });
 */
export async function loadContract(ref: ContractRef, cwd?: string, options: { timeoutMs?: number } = {}): Promise<Contract> {
  return importContract(resolveContractRef(ref, cwd), options);
}
