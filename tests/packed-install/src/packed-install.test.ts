/**
 * Airlock as a user gets it: every publishable package is packed with `pnpm pack` (which
 * rewrites `workspace:` ranges and applies `publishConfig`), the tarballs and Zod are installed
 * with plain npm into a project outside the workspace, and the installed packages are used
 * there: imported from ESM and from CommonJS, type-checked with strict TypeScript, and run as
 * `npx airlock` (parse, repair, batch). It needs the packages built (turbo runs `build` first) and the registry for
 * the third-party dependencies. On CI it never skips; elsewhere, without a network, it skips
 * with a loud message.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import { listPublishable, sourceConditions, SUPPORTED_NODE, withoutSourceCondition, type WorkspacePackage } from './workspace-packages.js';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const FIXTURE = fileURLToPath(new URL('../fixture-project', import.meta.url));
const ON_CI = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
const NETWORK_ERROR = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ENETUNREACH|ETIMEDOUT|EHOSTUNREACH)\b/;
/** Registry and cache settings survive; the rest of npm's environment (set by the package
 * manager running this test, e.g. npm_config_local_prefix) would point npm at the workspace. */
const KEEP_NPM_ENV = /^npm_config_(registry|cache|cafile|userconfig|proxy|https_proxy|http_proxy|noproxy|strict_ssl)$/i;

interface Run { code: number; stdout: string; stderr: string }

function run(command: string, args: readonly string[], cwd: string, timeoutMs = 120_000, stdin?: string): Promise<Run> {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|pnpm_)/i.test(key) && !KEEP_NPM_ENV.test(key)) continue;
    if (key === 'NODE_OPTIONS' || key === 'VITEST' || key.startsWith('VITEST_') || key === 'TURBO_HASH') continue;
    env[key] = value;
  }
  env.NO_COLOR = '1';
  return new Promise((done) => {
    const child = execFile(command, [...args], { cwd, env, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024, shell: process.platform === 'win32' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      done({ code, stdout: String(stdout), stderr: String(stderr) + (error && typeof error.code !== 'number' ? String(error.message) : '') });
    });
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

function expectOk(result: Run, what: string): void {
  if (result.code !== 0) {
    throw new Error(`${what} exited ${result.code}\n--- stdout\n${result.stdout.slice(-4000)}\n--- stderr\n${result.stderr.slice(-4000)}`);
  }
}

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

let work = '';
let project = '';
let tarballDir = '';
let packages: WorkspacePackage[] = [];
let skipReason: string | undefined;
const timings: Record<string, number> = {};

async function timed<T>(label: string, step: () => Promise<T>): Promise<T> {
  const start = performance.now();
  try {
    return await step();
  } finally {
    timings[label] = Math.round(performance.now() - start);
  }
}

beforeAll(async () => {
  packages = listPublishable(ROOT);
  const unbuilt = packages.filter((p) => !existsSync(join(p.dir, 'dist')));
  if (unbuilt.length > 0) {
    throw new Error(`not built: ${unbuilt.map((p) => p.name).join(', ')}; run \`npm run build\` (turbo runs it before this test)`);
  }
  work = mkdtempSync(join(tmpdir(), 'airlock-packed-install-'));
  tarballDir = join(work, 'tarballs');
  project = join(work, 'project');
  mkdirSync(tarballDir);
  cpSync(FIXTURE, project, { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'airlock-user-project', version: '1.0.0', private: true }, null, 2));
  writeFileSync(join(project, 'readme-example.ts'), `${readmeUserSection().example}\nexport {};\n`);

  const filters = packages.flatMap((p) => ['--filter', p.name]);
  const packed = await timed('pnpm pack', () =>
    run(process.execPath, [join(ROOT, 'scripts/pnpm.mjs'), '--recursive', ...filters, 'pack', '--pack-destination', tarballDir], ROOT));
  if (packed.code !== 0 && NETWORK_ERROR.test(packed.stderr) && !ON_CI) return skipLoudly(packed.stderr, 'nothing was packed');
  expectOk(packed, 'pnpm pack');

  const tarballs = readdirSync(tarballDir).filter((f) => f.endsWith('.tgz')).map((f) => join(tarballDir, f));
  const npmInstall = (): Promise<Run> =>
    run(NPM, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...tarballs, 'zod@^4', '@types/node@^20'], project, 180_000);
  let install = await timed('npm install', npmInstall);
  // One retry for a registry hiccup, so a transient network error neither fails CI nor skips.
  if (install.code !== 0 && NETWORK_ERROR.test(install.stderr)) install = await timed('npm install (retry)', npmInstall);
  if (install.code !== 0 && NETWORK_ERROR.test(install.stderr)) {
    if (ON_CI) expectOk(install, 'npm install (CI: the packed-install test must run, and it needs the registry)');
    return skipLoudly(install.stderr, 'the packages were packed but not installed or tried');
  }
  expectOk(install, 'npm install of the packed tarballs');
}, 300_000);

afterAll(() => {
  console.info(`packed-install timings (ms): ${JSON.stringify(timings)}`);
  if (work && !process.env.AIRLOCK_KEEP_PACKED_INSTALL) rmSync(work, { recursive: true, force: true });
});

/** Off CI without a network: every test below skips, and the reason is printed where nobody can miss it. */
function skipLoudly(stderr: string, what: string): void {
  skipReason = `no network: ${NETWORK_ERROR.exec(stderr)?.[1] ?? 'the registry is unreachable'}`;
  console.error([
    '',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    `!! packed-install test SKIPPED (${skipReason}): ${what}.`,
    '!! On CI this is a failure, never a skip.',
    '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
    '',
  ].join('\n'));
}

/** Every `it` below needs the installed project; without a network off CI they skip. */
function installed(name: string, body: () => Promise<void> | void): void {
  it(name, async (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    await body();
  });
}

/** The README's "Use it in your project" section: its install line, TypeScript example and CLI line. */
function readmeUserSection(): { install: string; example: string; cli: string } {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## Use it in your project');
  if (start < 0) throw new Error('README.md has no "## Use it in your project" section');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const example = /^```ts\n([\s\S]*?)^```$/m.exec(section)?.[1];
  const install = /^npm install .*$/m.exec(section)?.[0];
  const cli = /^npx @airlock\/cli .*$/m.exec(section)?.[0];
  if (example === undefined || install === undefined || cli === undefined) throw new Error('the README user section lacks its install line, ts example or npx line');
  return { install, example, cli };
}

function readTarballManifest(pkg: WorkspacePackage): Record<string, unknown> {
  return JSON.parse(readFileSync(join(project, 'node_modules', pkg.name, 'package.json'), 'utf8')) as Record<string, unknown>;
}

describe('the packed packages', () => {
  it('packs every publishable package', (ctx) => {
    if (skipReason) ctx.skip(skipReason);
    const names = readdirSync(tarballDir).filter((f) => f.endsWith('.tgz')).sort();
    expect(names).toEqual(packages.map((p) => `${p.name.replace('@', '').replace('/', '-')}-${p.version}.tgz`).sort());
    expect(packages.map((p) => p.name)).toEqual(expect.arrayContaining([
      '@airlock/core', '@airlock/worker', '@airlock/wasm-scanner', '@airlock/contracts', '@airlock/queue', '@airlock/cli', '@airlock/viewer',
    ]));
  });

  installed('publish manifests without workspace ranges or the workspace-only source condition', () => {
    for (const pkg of packages) {
      const manifest = readTarballManifest(pkg);
      const text = JSON.stringify(manifest);
      expect(text, pkg.name).not.toContain('workspace:');
      // The tarball's package.json as pnpm pack wrote it: the source condition points at src/, which is not published.
      expect(sourceConditions(manifest.exports), `${pkg.name}: "source" conditions in the packed exports`).toEqual([]);
      expect(manifest.exports, `${pkg.name}: every subpath the workspace exports is published`).toEqual(withoutSourceCondition(pkg.manifest.exports));
      expect(text, `${pkg.name}: a field pointing into src/`).not.toMatch(/"\.\/src\//);
      expect(manifest.engines, pkg.name).toEqual({ node: SUPPORTED_NODE });
      expect(manifest.private, pkg.name).toBeUndefined();
      expect(manifest.license, pkg.name).toBe('MIT');
      expect(existsSync(join(project, 'node_modules', pkg.name, 'LICENSE')), `${pkg.name} LICENSE`).toBe(true);
      expect(existsSync(join(project, 'node_modules', pkg.name, 'README.md')), `${pkg.name} README.md`).toBe(true);
      expect(existsSync(join(project, 'node_modules', pkg.name, 'src')), `${pkg.name} ships no sources`).toBe(false);
    }
  });

  installed('declares every package its published JavaScript and declarations import', () => {
    const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
    for (const pkg of packages) {
      const dir = join(project, 'node_modules', pkg.name);
      const manifest = readTarballManifest(pkg) as { name: string; dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
      const declared = new Set([manifest.name, ...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
      const missing = new Set<string>();
      for (const file of walk(join(dir, 'dist'))) {
        if (!/\.(d\.ts|js|mjs|cjs)$/.test(file)) continue;
        for (const specifier of importedSpecifiers(readFileSync(file, 'utf8'))) {
          if (specifier.startsWith('.') || builtins.has(specifier) || builtins.has(specifier.split('/')[0]!)) continue;
          const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
          if (!declared.has(name)) missing.add(`${name} (${relative(dir, file)})`);
        }
      }
      expect([...missing], `${pkg.name} imports undeclared packages`).toEqual([]);
    }
  });

  installed('installs one copy of each Airlock package, all from the tarballs, and one Zod', () => {
    const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')) as { packages: Record<string, { resolved?: string; version?: string }> };
    const airlock = Object.entries(lock.packages).filter(([path]) => /(^|\/)node_modules\/@airlock\//.test(path));
    expect(airlock.map(([path]) => path).sort()).toEqual(packages.map((p) => `node_modules/${p.name}`).sort());
    for (const [path, entry] of airlock) expect(entry.resolved ?? '', path).toMatch(/^file:/);
    expect(Object.keys(lock.packages).filter((path) => /(^|\/)node_modules\/zod$/.test(path))).toEqual(['node_modules/zod']);
  });
});

describe('used from another project', () => {
  installed('imports @airlock/core and the other packages from ESM', async () => {
    const result = await run(process.execPath, ['esm.mjs'], project);
    expectOk(result, 'node esm.mjs');
    const out = JSON.parse(result.stdout) as { success: boolean; data: unknown; rules: string[]; parsed: string; schemaType: string; wasm: boolean; exports: string[] };
    expect(out.success).toBe(true);
    expect(out.data).toEqual({ title: 'Fix login', priority: 2 });
    expect(out.rules).toEqual(expect.arrayContaining(['trailing_comma']));
    expect(out.parsed).toBe('x');
    expect(out.schemaType).toBe('object');
    expect(out.wasm).toBe(true);
    expect(out.exports).toEqual(['function', 'function', 'function', 'function', 'object']);
  });

  installed('requires @airlock/core from CommonJS (require of an ES module, Node ^20.19 or >= 22.12)', async () => {
    const result = await run(process.execPath, ['cjs.cjs'], project);
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    if ((major === 20 && minor < 19) || (major === 22 && minor < 12)) {
      // Older Node 20 and 22 need a flag for require(esm): the packages say so in engines, and fail plainly.
      console.error(`!! Node ${process.versions.node} cannot require ES modules without a flag; checking that the packages declare ${SUPPORTED_NODE} instead.`);
      expect(result.stderr).toMatch(/ERR_REQUIRE_ESM|require\(\) of ES Module/);
      for (const pkg of packages) expect(readTarballManifest(pkg).engines, pkg.name).toEqual({ node: SUPPORTED_NODE });
      return;
    }
    expectOk(result, 'node cjs.cjs');
    expect(JSON.parse(result.stdout)).toEqual({ success: true, data: { title: 'Fix login', priority: 2 }, schema: 'function' });
  });

  installed('type-checks a strict TypeScript file where result.data has the schema type', async () => {
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = await timed('tsc', () => run(process.execPath, [tsc, '-p', 'tsconfig.json'], project));
    expectOk(result, 'tsc -p tsconfig.json (strict, skipLibCheck off)');
  });

  installed('repairs a generateObject output through @airlock/ai-sdk, with ai installed as its peer', async () => {
    const result = await run(process.execPath, ['ai-sdk.mjs'], project);
    expectOk(result, 'node ai-sdk.mjs');
    expect(JSON.parse(result.stdout)).toEqual({
      object: { title: 'Fix login', priority: 2 },
      rules: expect.arrayContaining(['trailing_comma']),
      failure: { sdkError: true, failure: 'no_candidate' },
    });
  });

  installed('runs the README example as its comments say', async () => {
    const { example, install } = readmeUserSection();
    expect(install).toBe('npm install @airlock/core zod');
    const js = ts.transpileModule(`${example}\nconsole.log(JSON.stringify(result.interventions.map((i) => i.rule)));\n`, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(join(project, 'readme-example.mjs'), js);
    const result = await run(process.execPath, ['readme-example.mjs'], project);
    expectOk(result, 'node readme-example.mjs');
    const [printed = '', rules = '[]'] = result.stdout.trim().split('\n');
    const promised = /console\.log\(result\.data\);\s*\/\/ (\{.*\})/.exec(example)?.[1];
    expect(promised, 'the example says what it prints').toBeDefined();
    const evaluate = (literal: string): unknown => new Function(`return (${literal});`)();
    expect(evaluate(printed)).toEqual(evaluate(promised!));
    const named = /\/\/ result\.interventions: [^,]*, e\.g\. (.*)$/m.exec(example)?.[1]?.split(',').map((r) => r.trim()) ?? [];
    expect(named.length).toBeGreaterThan(0);
    expect(JSON.parse(rules)).toEqual(expect.arrayContaining(named));
  });

  installed('runs the README\'s npx @airlock/cli batch line', async () => {
    const { cli } = readmeUserSection();
    const args = cli.split(/\s+/).slice(1);
    const result = await run(NPX, ['--no', '--', ...args], project);
    expectOk(result, cli);
    const output = args[args.indexOf('-o') + 1]!;
    const lines = readFileSync(join(project, output), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { data?: unknown });
    expect(lines.slice(1).map((l) => l.data)).toEqual([1, 2, 3, 4].map((i) => ({ title: `Ticket ${i}`, priority: i % 2 ? 'high' : 'low' })));
  });

  installed('runs npx airlock --version', async () => {
    const result = await run(NPX, ['--no', '--', 'airlock', '--version'], project);
    expectOk(result, 'npx airlock --version');
    const cli = packages.find((p) => p.name === '@airlock/cli')!;
    expect(result.stdout).toContain(cli.version);
  });

  installed('runs npx airlock parse with a JavaScript and a TypeScript contract', async () => {
    for (const contract of ['./contract.mjs#ticket', './contract.ts#ticket']) {
      const result = await run(NPX, ['--no', '--', 'airlock', 'parse', '--contract', contract, 'output.txt'], project);
      expectOk(result, `npx airlock parse --contract ${contract}`);
      const parsed = JSON.parse(result.stdout) as { success: boolean; data: unknown; interventions: { rule: string }[] };
      expect(parsed.success, contract).toBe(true);
      expect(parsed.data, contract).toEqual({ title: 'Fix login', priority: 2 });
      expect(parsed.interventions.map((i) => i.rule), contract).toContain('trailing_comma');
    }
  });

  installed('imports repairJson from the root of @airlock/core, typed, and runs it', async () => {
    writeFileSync(join(project, 'repair.ts'), [
      "import { repairJson, type RepairJsonOptions, type RepairJsonResult } from '@airlock/core';",
      "const options: RepairJsonOptions = { expect: 'object' };",
      "const result: RepairJsonResult = repairJson(\"Sure:\\n```json\\n{'title': 'Fix login', 'priority': 2,}\\n```\", options);",
      "const summary = result.ok ? { text: result.text.trim(), rules: result.interventions.map((i): string => i.rule) } : { failure: result.failure };",
      'console.log(JSON.stringify(summary));',
      '// @ts-expect-error the scanner\'s hints are not public options',
      "repairJson('{}', { noiseStart: 3 });",
      '',
    ].join('\n'));
    writeFileSync(join(project, 'tsconfig.repair.json'), JSON.stringify({ extends: './tsconfig.json', files: ['repair.ts'] }));
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    expectOk(await run(process.execPath, [tsc, '-p', 'tsconfig.repair.json'], project), 'tsc -p tsconfig.repair.json (strict)');
    const js = ts.transpileModule(readFileSync(join(project, 'repair.ts'), 'utf8'), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    writeFileSync(join(project, 'repair.mjs'), js);
    const result = await run(process.execPath, ['repair.mjs'], project);
    expectOk(result, 'node repair.mjs');
    expect(JSON.parse(result.stdout)).toEqual({
      text: '{"title": "Fix login", "priority": 2}',
      rules: ['leading_prose_trimmed', 'single_quoted_string', 'single_quoted_string', 'single_quoted_string', 'trailing_comma', 'code_fence_trimmed'],
    });
  });

  installed('runs npx airlock repair on a file and on stdin', async () => {
    // The input's formatting is kept: the newline before the closing fence stays, after the JSON.
    const repaired = '{"title": "Fix login", "priority": 2}\n\n';
    const fromFile = await run(NPX, ['--no', '--', 'airlock', 'repair', 'output.txt'], project);
    expectOk(fromFile, 'npx airlock repair output.txt');
    expect(fromFile.stdout).toBe(repaired);
    const fromStdin = await run(NPX, ['--no', '--', 'airlock', 'repair', '-', '--interventions'], project, 120_000, readFileSync(join(project, 'output.txt'), 'utf8'));
    expectOk(fromStdin, 'npx airlock repair - --interventions');
    expect(fromStdin.stdout).toBe(repaired);
    expect(fromStdin.stderr.trim().split('\n').map((line) => (JSON.parse(line) as { rule: string }).rule)).toContain('trailing_comma');
    const missing = await run(NPX, ['--no', '--', 'airlock', 'repair', 'missing.json'], project);
    expect(missing.code).toBe(2);
    expect(missing.stderr.split('\n')).toContain('airlock repair: cannot read missing.json: no such file (see airlock repair --help)');
  });

  installed('runs npx airlock batch over a run log with worker threads', async () => {
    // From stdin: a log of unknown size gets the threads asked for (a small file runs inline).
    const log = readFileSync(join(project, 'runs.jsonl'), 'utf8');
    const result = await run(NPX, ['--no', '--', 'airlock', 'batch', '-', '--contract', './ticket.ts#Ticket', '-o', 'out.ndjson', '--threads', '2', '--stats-json', 'stats.json'], project, 120_000, log);
    expectOk(result, 'npx airlock batch');
    expect((JSON.parse(readFileSync(join(project, 'stats.json'), 'utf8')) as { threads: number }).threads).toBe(2);
    const lines = readFileSync(join(project, 'out.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { data?: unknown });
    expect(lines.slice(1).map((l) => (l.data as { title?: string } | undefined)?.title)).toEqual([1, 2, 3, 4].map((i) => `Ticket ${i}`));
  });

  installed('parses every record of a runBatch in a worker thread of the installed package', async () => {
    const result = await run(process.execPath, ['threads.mjs'], project);
    expectOk(result, 'node threads.mjs');
    expect(JSON.parse(result.stdout.trim())).toEqual({ threads: 1, records: 4 });
    const lines = readFileSync(join(project, 'threads-out.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { data?: unknown });
    expect(lines.slice(1).map((l) => (l.data as { title?: string } | undefined)?.title)).toEqual([1, 2, 3, 4].map((i) => `Ticket ${i}`));
  });
});

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

/** Module specifiers of import/export/require statements and `import("…")` types, comments excluded. */
function importedSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/gm,
    /^\s*import\s*['"]([^'"]+)['"]/gm,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.push(match[1]!);
  return found;
}
