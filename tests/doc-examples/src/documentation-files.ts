/**
 * The Markdown files whose code blocks are checked: the root README and every guide in docs/
 * (a guide added later is picked up without a change here).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownBlocks, type MarkdownBlocks } from './markdown-blocks.js';

/** `README.md` and `docs/*.md`, relative to `root`, sorted. */
export function documentationFiles(root: string): string[] {
  const guides = readdirSync(join(root, 'docs'), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => `docs/${entry.name}`);
  return ['README.md', ...guides.sort()];
}

/** The blocks and problems of every documentation file under `root`. */
export function documentationBlocks(root: string): MarkdownBlocks {
  const found = documentationFiles(root).map((file) => markdownBlocks(file, readFileSync(join(root, file), 'utf8')));
  return { blocks: found.flatMap((f) => f.blocks), problems: found.flatMap((f) => f.problems) };
}
