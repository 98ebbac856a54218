/**
 * The public surface of every published entry point, as its built declarations export it:
 * one snapshot file per entry point (`@airlock/core`, `@airlock/core/schema`, …), names sorted,
 * types marked. A name that appears or disappears is a deliberate change: update the snapshot
 * (`vitest run -u`) in the same commit and say so in the changelog. `@airlock/core/internal`
 * is left out: it serves Airlock's own packages and promises nothing.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listPublishable } from './workspace-packages.js';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const UNSTABLE = new Set(['@airlock/core/internal']);

interface Entry { readonly id: string; readonly declarations: string }

const entries: Entry[] = listPublishable(ROOT).flatMap((pkg) =>
  Object.entries(pkg.manifest.publishConfig?.exports ?? {}).flatMap(([subpath, target]) => {
    const types = (target as { types?: string }).types;
    const id = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    return types === undefined || UNSTABLE.has(id) ? [] : [{ id, declarations: join(pkg.dir, types) }];
  }));

/** `name` for a value export, `type Name` for a type-only one, sorted. */
function exportedNames(program: ts.Program, file: string): string[] {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (source === undefined) throw new Error(`not in the program: ${file}`);
  const module = checker.getSymbolAtLocation(source);
  if (module === undefined) return [];
  return checker.getExportsOfModule(module).map((symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    return target.flags & ts.SymbolFlags.Value ? symbol.name : `type ${symbol.name}`;
  }).sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')));
}

describe('public API', () => {
  const missing = entries.filter((e) => !existsSync(e.declarations));
  it('has built declarations for every entry point (turbo builds them first)', () => {
    expect(missing.map((e) => e.id)).toEqual([]);
  });

  const program = ts.createProgram(entries.map((e) => e.declarations), {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });

  it.each(entries.map((e) => [e.id, e] as const))('%s exports what its snapshot lists', async (id, entry) => {
    const names = exportedNames(program, entry.declarations);
    const file = `../__snapshots__/public-api/${id.replace('@airlock/', '').replaceAll('/', '__')}.txt`;
    const hint = `${id} changed its exported names; if deliberate, run \`npx vitest run -u src/public-api.test.ts\` in tests/packed-install and commit the snapshot`;
    await expect(`${names.join('\n')}\n`, hint).toMatchFileSnapshot(file);
  });
});
