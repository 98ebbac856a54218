/**
 * The Node versions pass of `npm test` (scripts/test-node-versions.mjs) when the registry that
 * serves the `node` package cannot be reached: CI fails, elsewhere the pass skips loudly.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../scripts/test-node-versions.mjs', import.meta.url));
/** A Node major other than the one running (the script skips the running one without fetching it). */
const OTHER = process.versions.node.startsWith('22.') ? '24' : '22';
const cache = mkdtempSync(join(tmpdir(), 'airlock-node-versions-cache-'));

afterAll(() => rmSync(cache, { recursive: true, force: true }));

/** Runs the script against a registry port nobody listens on, with an empty npm cache. */
function runOffline(extra: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^(npm_|CI$|AIRLOCK_NODE_VERSIONS$)/i.test(key)) env[key] = value;
  Object.assign(env, { npm_config_registry: 'http://127.0.0.1:9/', npm_config_cache: cache, npm_config_fetch_retries: '0', AIRLOCK_NODE_VERSIONS: OTHER, ...extra });
  return new Promise((done) => {
    execFile(process.execPath, [SCRIPT], { env, timeout: 60_000 }, (error, _stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr: String(stderr) });
    });
  });
}

describe('the Node versions pass without a registry', () => {
  it('skips loudly off CI', async () => {
    const { code, stderr } = await runOffline({});
    expect(code).toBe(0);
    expect(stderr).toContain(`!! Node versions pass SKIPPED for Node ${OTHER}: Node ${OTHER} could not be fetched from the npm registry (ECONNREFUSED).`);
  });

  it('fails on CI', async () => {
    const { code, stderr } = await runOffline({ CI: 'true' });
    expect(code).toBe(1);
    expect(stderr).toContain('!! On CI this is a failure: the packages must be tested on Node 22 and 24.');
  });

  it('takes Node majors or "none", and refuses anything else', async () => {
    const { code, stderr } = await runOffline({ AIRLOCK_NODE_VERSIONS: 'latest' });
    expect(code).toBe(2);
    expect(stderr.trim()).toBe('test-node-versions: AIRLOCK_NODE_VERSIONS takes Node majors ("22 24") or "none", not "latest"');
    const none = await runOffline({ AIRLOCK_NODE_VERSIONS: 'none' });
    expect(none.code).toBe(0);
    expect(none.stderr).toContain('Node versions pass SKIPPED: AIRLOCK_NODE_VERSIONS=none.');
  });
});
