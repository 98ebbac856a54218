/**
 * The failure report the Node versions pass repeats at the end of `npm test`
 * (scripts/vitest-failure-report.mjs), read from the output of a real vitest run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { failureReport } from '../../../scripts/vitest-failure-report.mjs';

const VITEST = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'airlock-failure-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The whole output of `vitest run --reporter=dot` on one test file, both streams in the order
 * they came (as the Node versions pass keeps them), colours forced on as a terminal gets them.
 */
function vitestOutput(source: string): Promise<string> {
  writeFileSync(join(dir, 'sample.test.mjs'), source);
  return new Promise((done) => {
    const child = spawn(process.execPath, [VITEST, 'run', '--reporter=dot', '--root', dir], { cwd: dir, env: { ...process.env, FORCE_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', () => done(output));
  });
}

describe('failureReport', () => {
  it('starts at the failure banner and names the failing test and its assertion, without colours or progress dots', async () => {
    const output = await vitestOutput([
      "import { expect, it } from 'vitest';",
      "it('prints an Error: line of its own', () => console.log('Error: ' + 'not a failure'));",
      "it('passes', () => expect(1).toBe(1));",
      '',
      '',
      "it('fails on purpose', () => expect({ a: 1 }).toEqual({ a: 2 }));",
    ].join('\n'));
    expect(output).toContain('\x1b[');
    expect(output).toContain('Error: not a failure');
    const report = failureReport(output);
    expect(report).toMatch(/^Failed Tests 1/);
    expect(report).toContain('FAIL  sample.test.mjs > fails on purpose');
    expect(report).toContain('AssertionError: expected { a: 1 } to deeply equal { a: 2 }');
    expect(report).toMatch(/Tests {2}1 failed \| 2 passed \(3\)/);
    expect(report).not.toContain('\x1b[');
    expect(report).not.toContain('·');
    expect(report).not.toContain('Error: not a failure');
  });

  it('takes the banner of a file that fails to load', async () => {
    const report = failureReport(await vitestOutput("import { it } from 'vitest';\nimport './missing-module.mjs';\nit('never runs', () => {});\n"));
    expect(report).toMatch(/^Failed Suites 1/);
    expect(report).toContain('missing-module.mjs');
  });

  it('keeps the last 8,000 characters when there is no banner, and cuts a longer report there', () => {
    // A run killed mid-way: progress dots (coloured, as vitest prints them) and the kill.
    const killed = `${'\x1b[32m·\x1b[39m'.repeat(500)}\nstdout | a test's log line\n${'x'.repeat(9_000)}\nkilled by SIGTERM`;
    expect(failureReport(killed)).toBe(`${'x'.repeat(8_000 - '\nkilled by SIGTERM'.length)}\nkilled by SIGTERM`);
    const short = failureReport(`${'\x1b[32m·\x1b[39m'.repeat(3)}\nkilled by SIGTERM`);
    expect(short).toBe('\nkilled by SIGTERM');
    const long = failureReport(`Failed Tests 1\n${'y'.repeat(10_000)}`);
    expect(long.startsWith('Failed Tests 1\n')).toBe(true);
    expect(long).toMatch(/\n\[… 2015 more characters: the suite's output above has them\]$/);
  });
});
