/**
 * Loads a contract from a module specifier and an export name, on any thread
 * (Zod schemas cannot cross threads, so every worker loads its own copy).
 * TypeScript modules load through tsx without a build step.
 */
import { existsSync, statSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isContract, isStandardSchema, toContract, type Contract } from '@airlock/core';
import { BatchError, firstLine } from './batch-error.js';
import type { ContractRef } from './types.js';

/** A contract reference resolved on the main thread, ready to import anywhere. */
export interface ResolvedContractRef {
  /** File URL for a path, or the bare specifier of a package. */
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

async function importModule(ref: ResolvedContractRef): Promise<Record<string, unknown>> {
  if (ref.specifier.startsWith('file:') && PLAIN_JS.test(ref.specifier)) return (await import(ref.specifier)) as Record<string, unknown>;
  // tsImport scopes the TypeScript loader to this import, on whichever thread calls it.
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport(ref.specifier, ref.parentURL)) as Record<string, unknown>;
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
 * Imports a resolved reference and turns its export into a contract.
 *
 * @example
 * const contract = await importContract(resolveContractRef({ module: './contract.ts', export: 'review' }));
 */
export async function importContract(ref: ResolvedContractRef): Promise<Contract> {
  let mod: Record<string, unknown>;
  try {
    mod = await importModule(ref);
  } catch (error) {
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
export async function loadContract(ref: ContractRef, cwd?: string): Promise<Contract> {
  return importContract(resolveContractRef(ref, cwd));
}
