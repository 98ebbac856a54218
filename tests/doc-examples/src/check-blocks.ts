/**
 * Type-checks written documentation blocks in one TypeScript program (one program for all of
 * them: the packages' and Zod's declarations are read once) and reports each diagnostic at its
 * place in the Markdown file.
 */
import { dirname } from 'node:path';
import ts from 'typescript';
import type { WrittenBlock } from './write-blocks.js';

/** The compiler options of `tsconfig.blocks.json`. */
export function blockCompilerOptions(configPath: string): ts.CompilerOptions {
  const read = ts.readConfigFile(configPath, (path) => ts.sys.readFile(path));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(configPath), undefined, configPath);
  if (parsed.errors.length > 0) throw new Error(parsed.errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n')).join('\n'));
  return parsed.options;
}

/**
 * Every diagnostic of the program over the blocks, one line each:
 * `README.md:42:7 TS2304 Cannot find name 'model'.` for a block, the file's own path for a
 * module a block imports.
 */
export function checkBlocks(written: readonly WrittenBlock[], options: ts.CompilerOptions): string[] {
  const byPath = new Map(written.map((w) => [w.path, w.block]));
  const program = ts.createProgram(written.map((w) => w.path), options);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return `TS${diagnostic.code} ${message}`;
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const block = byPath.get(diagnostic.file.fileName);
    const where = block ? `${block.file}:${block.line + line}` : `${diagnostic.file.fileName}:${line + 1}`;
    return `${where}:${character + 1} TS${diagnostic.code} ${message}`;
  });
}
