import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { benchContract } from '../contract.js';
import { writeLog } from '../generate/write-log.js';
import { naivePipeline } from '../naive/naive-pipeline.js';

const SCRIPT = fileURLToPath(new URL('./naive-script.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'bench-naive-script-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runScript(log: string, out: string): { records: number; accepted: number } {
  const stdout = execFileSync(process.execPath, ['--conditions=source', '--import', 'tsx', SCRIPT, log, out], { encoding: 'utf8' });
  return JSON.parse(stdout) as { records: number; accepted: number };
}

describe('naive-script', () => {
  it('writes one result line per record: its line number, success and the value or the failing stage', async () => {
    const log = join(dir, 'log.jsonl');
    // Large enough that the write stream's buffer fills and the script waits for it to drain.
    await writeLog({ size: 256 * 1024, seed: 5, path: log });
    const out = join(dir, 'out.ndjson');
    const printed = runScript(log, out);
    const outputs = readFileSync(log, 'utf8').trimEnd().split('\n').map((line) => (JSON.parse(line) as { output: string }).output);
    const expected = outputs.map((output, k) => {
      const result = naivePipeline(output, benchContract);
      return JSON.stringify(result.success ? { line: k + 1, ok: true, value: result.data } : { line: k + 1, ok: false, error: result.stage });
    });
    expect(readFileSync(out, 'utf8')).toBe(`${expected.join('\n')}\n`);
    expect(printed).toEqual({ records: outputs.length, accepted: expected.filter((line) => line.includes('"ok":true')).length });
    expect(printed.accepted).toBeGreaterThan(0);
    expect(printed.accepted).toBeLessThan(printed.records);
  });

  it('numbers lines as they stand in the log, blank lines included, and reports a line with no output text', () => {
    const log = join(dir, 'odd.jsonl');
    writeFileSync(log, `{"output":"{\\"a\\":1}"}\n\nnot json\n{"output":42}\n`);
    const out = join(dir, 'odd.ndjson');
    expect(runScript(log, out)).toEqual({ records: 3, accepted: 0 });
    expect(readFileSync(out, 'utf8')).toBe(
      ['{"line":1,"ok":false,"error":"schema"}', '{"line":3,"ok":false,"error":"no output text"}', '{"line":4,"ok":false,"error":"no output text"}', ''].join('\n'),
    );
  });
});
