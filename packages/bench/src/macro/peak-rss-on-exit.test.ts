import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const PRELOAD = pathToFileURL(new URL('./peak-rss-on-exit.mjs', import.meta.url).pathname).href;
const dir = mkdtempSync(join(tmpdir(), 'bench-peak-preload-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(script: string, file: string): string {
  return execFileSync(process.execPath, ['--import', PRELOAD, '-e', script], { encoding: 'utf8', env: { ...process.env, BENCH_PEAK_RSS_FILE: file } });
}

describe('peak-rss-on-exit preload', () => {
  it.runIf(platform() === 'linux')('writes the peak of the process, worker threads included, when it exits', () => {
    const file = join(dir, 'peak.txt');
    // A worker thread holds 200 MB and ends before the main thread exits.
    run(`const { Worker } = require('node:worker_threads');
new Worker("const b = Buffer.alloc(200 * 1024 * 1024, 1); b[0] = 2;", { eval: true }).on('exit', () => {});`, file);
    const peak = Number(readFileSync(file, 'utf8'));
    expect(peak).toBeGreaterThan(200);
    expect(peak).toBeLessThan(400);
  });

  it('writes on process.exit too, and removes its variable from the environment the subject (and any process it starts) sees', () => {
    const file = join(dir, 'exit.txt');
    const seen = run("console.log(String(process.env.BENCH_PEAK_RSS_FILE)); process.exit(0);", file);
    expect(seen.trim()).toBe('undefined');
    expect(Number(readFileSync(file, 'utf8'))).toBeGreaterThan(10);
  });

  it('leaves a process with the variable empty or unset as it was: exit status 0, no file written', () => {
    const cwd = mkdtempSync(join(dir, 'cwd-'));
    for (const env of [{ ...process.env, BENCH_PEAK_RSS_FILE: '' }, { ...process.env, BENCH_PEAK_RSS_FILE: undefined }]) {
      // execFileSync throws on a non-zero status, as a failed write at exit would cause.
      const out = execFileSync(process.execPath, ['--import', PRELOAD, '-e', 'console.log("ran")'], { encoding: 'utf8', env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
      expect(out).toBe('ran\n');
    }
    expect(readdirSync(cwd)).toEqual([]);
  });
});
