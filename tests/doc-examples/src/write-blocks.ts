/**
 * Writes documentation blocks as modules a user project would hold: each block its own ES
 * module (so blocks never share names), its relative imports pointing where they point from the
 * Markdown file (like the file's links), its lines where they are in the Markdown file minus the
 * block's start, so a diagnostic maps back by one addition.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import type { CodeBlock } from './markdown-blocks.js';

export interface WrittenBlock {
  readonly block: CodeBlock;
  /** Absolute path of the module written for the block. */
  readonly path: string;
}

/** `docs/batch.md` at line 12 → `docs-batch-md-L12.ts`: one flat, readable name per block. */
export function blockFileName(block: CodeBlock): string {
  return `${block.file.replace(/[^A-Za-z0-9]+/g, '-')}-L${block.line}.${block.language === 'ts' ? 'ts' : 'js'}`;
}

/** Relative module specifiers of a block (static imports, re-exports, dynamic `import('…')`). */
function relativeSpecifiers(code: string, language: CodeBlock['language']): ts.StringLiteralLike[] {
  const source = ts.createSourceFile(`block.${language}`, code, ts.ScriptTarget.Latest, true, language === 'ts' ? ts.ScriptKind.TS : ts.ScriptKind.JS);
  const found: ts.StringLiteralLike[] = [];
  const visit = (node: ts.Node): void => {
    const specifier = ts.isImportDeclaration(node) || ts.isExportDeclaration(node)
      ? node.moduleSpecifier
      : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword ? node.arguments[0] : undefined;
    if (specifier && ts.isStringLiteralLike(specifier) && /^\.\.?\//.test(specifier.text)) found.push(specifier);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The block's code with each relative specifier re-pointed from `into` to where it points from
 * `markdownDir`. Replacements stay on their line, so line numbers do not move.
 */
export function repointImports(block: CodeBlock, markdownDir: string, into: string): string {
  let code = block.code;
  for (const literal of relativeSpecifiers(block.code, block.language).reverse()) {
    let target = relative(into, resolve(markdownDir, literal.text)).split(sep).join('/');
    if (!target.startsWith('.')) target = `./${target}`;
    code = `${code.slice(0, literal.getStart() + 1)}${target}${code.slice(literal.getEnd() - 1)}`;
  }
  return code;
}

/**
 * Writes every block that is checked or run into `into`, each ending with `export {}` so a block
 * without imports is a module too.
 */
export function writeBlocks(blocks: readonly CodeBlock[], root: string, into: string): WrittenBlock[] {
  mkdirSync(into, { recursive: true });
  return blocks.filter((block) => block.mode !== 'skip').map((block) => {
    const path = join(into, blockFileName(block));
    const code = repointImports(block, dirname(resolve(root, block.file)), into);
    writeFileSync(path, `${code}\nexport {};\n`);
    return { block, path };
  });
}
