import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markdownBlocks } from './markdown-blocks.js';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

describe('markdownBlocks', () => {
  it('finds the TypeScript and JavaScript blocks with their mode, line and expected output', () => {
    const { blocks, problems } = markdownBlocks('guide.md', fixture('guide.md'));
    expect(problems).toEqual([]);
    expect(blocks).toEqual([
      { file: 'guide.md', line: 6, language: 'ts', mode: 'check', code: 'const answer: number = 42;\n' },
      { file: 'guide.md', line: 12, language: 'ts', mode: 'run', code: "console.log(['a', 'b'].join('+'));\n", expectedOutput: 'a+b\n' },
      { file: 'guide.md', line: 28, language: 'js', mode: 'skip', code: 'partOfSomethingLarger(\n' },
      {
        file: 'guide.md',
        line: 36,
        language: 'ts',
        mode: 'check',
        code: "import { ticket } from '../../../../examples/ticket.ts';\nconst title: string = ticket.parse({ title: 'x', priority: 'low' }).title;\n",
      },
    ]);
  });

  it('reports unknown markers, contradictory markers, stray output blocks and unclosed fences', () => {
    expect(markdownBlocks('malformed.md', fixture('malformed.md')).problems).toEqual([
      'malformed.md:1: unknown marker "runable" (known: runnable, skip-check)',
      'malformed.md:5: an output block must follow a runnable block',
      'malformed.md:9: a block is either runnable or skip-check',
      'malformed.md:13: the fence is never closed',
    ]);
  });

  it('reads a tilde fence and closes a fence only with as many markers', () => {
    const text = '~~~ts\nconst a = "```";\n```\n~~~~\n';
    expect(markdownBlocks('x.md', text).blocks).toEqual([
      { file: 'x.md', line: 2, language: 'ts', mode: 'check', code: 'const a = "```";\n```\n' },
    ]);
  });
});
