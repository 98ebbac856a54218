#!/usr/bin/env node
/**
 * The last step of `npm test`: after the full suite on the machine's Node, a second, smaller
 * pass on the other Node lines the packages support (22 and 24): the tests of core, the batch
 * runner and the command line, and the packed-install test (tarballs installed with plain npm
 * outside the workspace, every package imported, `npx airlock batch` on a small log). Each Node comes from the npm registry's `node`
 * package through `npm exec`, so it lands in npm's cache and nothing is installed globally.
 *
 * Without a network the Node binaries cannot be fetched: on CI (CI set, not "false" or "0")
 * that fails the run; elsewhere the pass is skipped with a message nobody can miss.
 *
 * Usage: node scripts/test-node-versions.mjs
 *   AIRLOCK_NODE_VERSIONS="22 24"  the Node majors to run (default); "none" skips the pass, loudly.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failureReport } from './vitest-failure-report.mjs';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
const ON_CI = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
/** Errors that say the registry cannot be reached (as the packed-install test reads them). */
const NETWORK_ERROR = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ENETUNREACH|ETIMEDOUT|EHOSTUNREACH|ERR_SOCKET_TIMEOUT)\b/;
/**
 * What runs on each extra Node: every test of these directories, with the root's vitest. The
 * batch runner and the command line are there too: worker threads, Piscina, the compile cache
 * (Node 22.1+) and `require` of ES modules behave differently across Node lines.
 */
const SUITES = [
  { name: 'core unit tests', dir: 'packages/core' },
  { name: 'batch runner tests', dir: 'packages/worker' },
  { name: 'command-line tests', dir: 'apps/cli' },
  { name: 'packed-install test', dir: 'tests/packed-install' },
];

/**
 * Runs a command and resolves its exit code and output. `capture` keeps the output to itself (the
 * Node lookup); `echo` passes it through as it comes and keeps it too, so a failing suite's report
 * can be repeated at the end, where a log's tail shows it.
 */
function run(command, args, { cwd, env = process.env, capture = false, echo = false, timeoutMs = 600_000 }) {
  return new Promise((done) => {
    const piped = capture || echo;
    const child = spawn(command, args, { cwd, env, stdio: piped ? ['ignore', 'pipe', 'pipe'] : 'inherit', shell: process.platform === 'win32' });
    let output = '';
    const keep = (sink) => (chunk) => {
      output += chunk;
      if (echo) sink.write(chunk);
    };
    child.stdout?.on('data', keep(process.stdout));
    child.stderr?.on('data', keep(process.stderr));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      done({ code: 1, output: output + String(error.message) });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: code ?? 1, output: signal ? `${output}\nkilled by ${signal}` : output });
    });
  });
}

/** The environment without what `npm test` set for the workspace (a local prefix would point npm exec at it). */
function cleanEnv() {
  const keep = /^npm_config_(registry|cache|cafile|userconfig|proxy|https_proxy|http_proxy|noproxy|strict_ssl|fetch_retries|fetch_retry_mintimeout|fetch_retry_maxtimeout|offline|prefer_offline)$/i;
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) || keep.test(key)));
}

/**
 * The path of a Node binary of the given major, fetched with `npm exec --package=node@<major>`
 * from a directory outside the workspace; `{ offline }` when the registry cannot be reached.
 */
async function fetchNode(major) {
  const scratch = mkdtempSync(join(tmpdir(), 'airlock-node-versions-'));
  try {
    const probe = 'process.stdout.write(JSON.stringify({ path: process.execPath, version: process.version }))';
    // --prefer-offline: a Node fetched before is taken from npm's cache without asking the registry again.
    const args = ['exec', '--yes', '--prefer-offline', `--package=node@${major}`, '--', 'node', '-e', probe];
    const result = await run(NPM, args, { cwd: scratch, env: cleanEnv(), capture: true, timeoutMs: 300_000 });
    const found = /\{"path":.*\}/.exec(result.output);
    if (result.code === 0 && found) {
      const { path, version } = JSON.parse(found[0]);
      if (!version.startsWith(`v${major}.`)) throw new Error(`npm exec --package=node@${major} ran Node ${version}`);
      return { path, version };
    }
    if (NETWORK_ERROR.test(result.output)) return { offline: NETWORK_ERROR.exec(result.output)[1] };
    throw new Error(`npm exec --package=node@${major} failed (exit ${result.code}):\n${result.output.slice(-3000)}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function loud(lines) {
  const bar = '!'.repeat(80);
  console.error(['', bar, ...lines.map((line) => `!! ${line}`), bar, ''].join('\n'));
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The majors to run: AIRLOCK_NODE_VERSIONS, else 22 and 24. */
function requestedMajors() {
  const raw = process.env.AIRLOCK_NODE_VERSIONS?.trim();
  if (raw === undefined || raw === '') return ['22', '24'];
  if (raw === 'none') return [];
  const majors = raw.split(/[\s,]+/).filter(Boolean);
  const bad = majors.filter((m) => !/^\d+$/.test(m));
  if (bad.length > 0) {
    console.error(`test-node-versions: AIRLOCK_NODE_VERSIONS takes Node majors ("22 24") or "none", not ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return majors;
}

async function main() {
  const majors = requestedMajors();
  if (majors.length === 0) {
    loud(['Node versions pass SKIPPED: AIRLOCK_NODE_VERSIONS=none.', 'Core and the packed packages were tested on this machine\'s Node only.']);
    return 0;
  }
  if (!existsSync(VITEST)) {
    console.error(`test-node-versions: ${VITEST} is missing; run \`node scripts/pnpm.mjs install\` first`);
    return 1;
  }
  const started = performance.now();
  const timings = [];
  const failed = [];
  for (const major of majors) {
    if (process.versions.node.startsWith(`${major}.`)) {
      console.info(`test-node-versions: Node ${major} is this machine's Node; the full suite already ran on it.`);
      continue;
    }
    const fetchStart = performance.now();
    let node;
    try {
      node = await fetchNode(major);
    } catch (error) {
      console.error(`test-node-versions: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    if (node.offline !== undefined) {
      const what = `Node ${major} could not be fetched from the npm registry (${node.offline})`;
      if (ON_CI) {
        loud([`${what}.`, 'On CI this is a failure: the packages must be tested on Node 22 and 24.']);
        return 1;
      }
      loud([`Node versions pass SKIPPED for Node ${major}: ${what}.`, 'On CI this is a failure, never a skip.']);
      continue;
    }
    timings.push(`Node ${node.version} fetched in ${seconds(performance.now() - fetchStart)}`);
    // The extra Node first on PATH: `npx airlock` and every `#!/usr/bin/env node` the tests start run on it.
    const env = { ...cleanEnv(), PATH: `${dirname(node.path)}${delimiter}${process.env.PATH ?? ''}` };
    for (const suite of SUITES) {
      console.info(`\ntest-node-versions: ${suite.name} on Node ${node.version}`);
      const suiteStart = performance.now();
      const result = await run(node.path, [VITEST, 'run', '--reporter=dot'], { cwd: join(ROOT, suite.dir), env, echo: true });
      timings.push(`${suite.name} on Node ${node.version}: ${result.code === 0 ? 'passed' : `FAILED (exit ${result.code})`} in ${seconds(performance.now() - suiteStart)}`);
      if (result.code !== 0) failed.push({ name: `${suite.name} on Node ${node.version}`, report: failureReport(result.output) });
    }
  }
  console.info(`\ntest-node-versions:\n  ${[...timings, `total ${seconds(performance.now() - started)}`].join('\n  ')}`);
  if (failed.length > 0) {
    for (const { name, report } of failed) console.error(`\ntest-node-versions: what failed in ${name}:\n${report}`);
    console.error(`test-node-versions: failed: ${failed.map(({ name }) => name).join(', ')}`);
    return 1;
  }
  return 0;
}

process.exitCode = await main();
