import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from './main.js';
import { memoryIo } from './test-support/memory-io.js';
import { cliIsBuilt, runCli } from './test-support/run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-repair-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A model's reply: prose, a fence, single quotes, a Python literal, a comment, a trailing comma. */
const broken = "Sure! Here it is:\n```json\n{'title': 'Fix login', 'done': False, // not yet\n 'tags': ['auth',],}\n```\n";
const repaired = '{"title": "Fix login", "done": false, \n "tags": ["auth"]}\n\n';

describe('airlock repair (built bin)', () => {
  it('repairs a file and prints the repaired JSON, its formatting kept', async () => {
    expect(cliIsBuilt(), 'the CLI tests run the built bin: run the build first').toBe(true);
    writeFileSync(join(dir, 'broken.txt'), broken);
    const run = await runCli(['repair', join(dir, 'broken.txt')]);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(repaired);
  });

  it('repairs stdin ("-" or no file) and lists the interventions on stderr with --interventions', async () => {
    for (const args of [['repair', '-', '--interventions'], ['repair', '--interventions']]) {
      const run = await runCli(args, { stdin: broken });
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(repaired);
      const listed = run.stderr.trimEnd().split('\n').map((line) => JSON.parse(line) as { rule: string; span: [number, number]; before: string });
      expect(listed.map((i) => i.rule)).toEqual([
        'leading_prose_trimmed', 'single_quoted_string', 'single_quoted_string', 'single_quoted_string', 'python_literal', 'line_comment_removed',
        'single_quoted_string', 'single_quoted_string', 'trailing_comma', 'trailing_comma', 'code_fence_trimmed',
      ]);
      for (const i of listed) expect(broken.slice(...i.span)).toBe(i.before);
    }
  });
});

describe('airlock repair (in-process)', () => {
  it('passes valid JSON through byte for byte, with no interventions', async () => {
    const valid = '{\n  "a": [1, 2.50, "\\u00e9"],\n  "b": null\n}\n';
    const io = memoryIo(valid);
    expect(await main(['repair', '--interventions'], io)).toBe(0);
    expect(io.out()).toBe(valid);
    expect(io.err()).toBe('');
  });

  it('closes a cut-off document and ends the output with a newline', async () => {
    const io = memoryIo('{"items": [{"id": 1}, {"id": 2');
    expect(await main(['repair'], io)).toBe(0);
    expect(io.out()).toBe('{"items": [{"id": 1}, {"id": 2}]}\n');
  });

  it('joins JSON Lines into one array with --ndjson, and looks past prose for --expect object', async () => {
    const lines = memoryIo('{"a": 1}\n{"a": 2}\n');
    expect(await main(['repair', '--ndjson'], lines)).toBe(0);
    expect(JSON.parse(lines.out())).toEqual([{ a: 1 }, { a: 2 }]);
    const prose = memoryIo('The result "below" is final: {"a": 1}');
    expect(await main(['repair', '--expect', 'object'], prose)).toBe(0);
    expect(prose.out()).toBe('{"a": 1}\n');
  });

  it.each([
    { name: 'empty input', stdin: ' \n', args: [], error: 'airlock repair: cannot repair stdin (empty_output): The candidate is empty.\n' },
    { name: 'prose with no object', stdin: 'I could not find any ticket.', args: ['--expect', 'object'], error: 'airlock repair: cannot repair stdin (no_candidate): No JSON object found in the candidate.\n' },
    { name: 'nesting past the limit', stdin: '['.repeat(1001), args: [], error: 'airlock repair: cannot repair stdin (syntax): Nesting deeper than 1000 levels.\n' },
  ])('exits 1 with one line when it cannot repair: $name', async ({ stdin, args, error }) => {
    const io = memoryIo(stdin);
    expect(await main(['repair', ...args], io)).toBe(1);
    expect(io.out()).toBe('');
    expect(io.err()).toBe(error);
  });

  it.each([
    { name: 'a missing file', args: [join(dir, 'nope.json')], error: `airlock repair: cannot read ${join(dir, 'nope.json')}: no such file (see airlock repair --help)\n` },
    { name: 'a bad --expect', args: ['--expect', 'list'], error: 'airlock repair: --expect must be one of object, array, any, got "list" (see airlock repair --help)\n' },
    { name: 'two files', args: ['a.json', 'b.json'], error: 'airlock repair: repair takes one file (or - for stdin), got 2 (see airlock repair --help)\n' },
  ])('answers $name with one line and exit 2', async ({ args, error }) => {
    const io = memoryIo('{}');
    expect(await main(['repair', ...args], io)).toBe(2);
    expect(io.out()).toBe('');
    expect(io.err()).toBe(error);
  });

  it('prints its help', async () => {
    const io = memoryIo();
    expect(await main(['repair', '--help'], io)).toBe(0);
    expect(io.out()).toMatch(/^usage: airlock repair \[file\|-\]/);
  });
});
