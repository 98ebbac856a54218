/**
 * Finds the TypeScript and JavaScript code blocks of a Markdown text (CommonMark fences) and
 * reads their markers from the info string:
 *
 * - ```` ```ts ```` / ```` ```js ```` (also `typescript`, `javascript`, `mts`, `mjs`): type-checked;
 * - ```` ```ts runnable ````: type-checked and executed; when the next fenced block is
 *   ```` ```text output ````, the block's stdout must equal that block;
 * - ```` ```ts skip-check ````: neither (a fragment that is not a program on its own).
 *
 * An unknown marker, an unclosed fence or an output block after a block that does not run is a
 * problem, so a typo never turns a check off silently.
 *
 * @example
 * const { blocks } = markdownBlocks('docs/x.md', '```ts runnable\nconsole.log(1);\n```\n\n```text output\n1\n```\n');
 * blocks[0]; // { file: 'docs/x.md', line: 2, language: 'ts', mode: 'run', code: 'console.log(1);\n', expectedOutput: '1\n' }
 */

/** What the checker does with a block. */
export type BlockMode = 'check' | 'run' | 'skip';

export interface CodeBlock {
  /** The Markdown file, as given (relative to the repository root in the checker). */
  readonly file: string;
  /** 1-based line of the block's first code line in the Markdown file. */
  readonly line: number;
  readonly language: 'ts' | 'js';
  readonly mode: BlockMode;
  readonly code: string;
  /** The stdout a runnable block must print, from the `text output` block after it. */
  readonly expectedOutput?: string;
}

export interface MarkdownBlocks {
  readonly blocks: readonly CodeBlock[];
  /** `file:line: what is wrong`, one entry per malformed block. */
  readonly problems: readonly string[];
}

const LANGUAGES: Readonly<Record<string, 'ts' | 'js'>> = {
  ts: 'ts', typescript: 'ts', mts: 'ts', js: 'js', javascript: 'js', mjs: 'js',
};
const MODES: Readonly<Record<string, BlockMode>> = { runnable: 'run', 'skip-check': 'skip' };
const OUTPUT_INFO = new Set(['output', 'text output']);

const OPENING = /^(\s*)(`{3,}|~{3,})(.*)$/;

interface Fence {
  readonly info: string;
  /** 1-based line of the first content line. */
  readonly line: number;
  readonly content: string;
  readonly closed: boolean;
}

/** Every fenced block of the text, in order (CommonMark: a backtick fence's info has no backtick). */
function fences(text: string): Fence[] {
  const lines = text.split('\n');
  const found: Fence[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = OPENING.exec(lines[index]!);
    if (!open) continue;
    const [, indent = '', marker = '', rest = ''] = open;
    if (marker[0] === '`' && rest.includes('`')) continue; // inline code at a line start
    const closing = new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !closing.test(lines[end]!)) {
      // Content lines lose up to the opening fence's indentation (fences inside list items).
      body.push(lines[end]!.replace(new RegExp(`^ {0,${indent.length}}`), ''));
      end++;
    }
    found.push({ info: rest.trim(), line: index + 2, content: body.length ? `${body.join('\n')}\n` : '', closed: end < lines.length });
    index = end;
  }
  return found;
}

/**
 * The TypeScript and JavaScript blocks of one Markdown file, with the problems found in their
 * info strings.
 */
export function markdownBlocks(file: string, text: string): MarkdownBlocks {
  const blocks: CodeBlock[] = [];
  const problems: string[] = [];
  const all = fences(text);
  let previousRuns = false;
  all.forEach((fence, index) => {
    const where = `${file}:${fence.line - 1}`;
    if (!fence.closed) problems.push(`${where}: the fence is never closed`);
    const runs = previousRuns;
    previousRuns = false;
    if (OUTPUT_INFO.has(fence.info)) {
      if (!runs) problems.push(`${where}: an output block must follow a runnable block`);
      return;
    }
    const [word = '', ...markers] = fence.info.split(/\s+/).filter(Boolean);
    const language = LANGUAGES[word];
    if (language === undefined) return;
    const modes = markers.map((marker) => MODES[marker]);
    const unknown = markers.filter((_, i) => modes[i] === undefined);
    if (unknown.length > 0) problems.push(`${where}: unknown marker ${unknown.map((m) => `"${m}"`).join(', ')} (known: ${Object.keys(MODES).join(', ')})`);
    if (new Set(modes.filter((m) => m !== undefined)).size > 1) problems.push(`${where}: a block is either runnable or skip-check`);
    const mode = modes.find((m) => m !== undefined) ?? 'check';
    previousRuns = mode === 'run';
    const next = all[index + 1];
    const expectedOutput = previousRuns && next !== undefined && OUTPUT_INFO.has(next.info) ? next.content : undefined;
    blocks.push({ file, line: fence.line, language, mode, code: fence.content, ...(expectedOutput === undefined ? {} : { expectedOutput }) });
  });
  return { blocks, problems };
}
