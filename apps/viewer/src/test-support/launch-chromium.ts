/**
 * A real headless Chromium for the report tests: Debian's package (installed
 * here when missing, never a browser download), driven by playwright-core
 * with a fresh profile directory and no network features.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Why Chromium cannot run here, or undefined once it is installed. */
export function ensureChromium(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  const root = process.getuid?.() === 0;
  if (!root) return `${CHROMIUM_PATH} is missing and installing it needs root (apt-get install -y chromium)`;
  try {
    execFileSync('apt-get', ['update'], { stdio: 'ignore', timeout: 300_000 });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'ignore', timeout: 600_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } catch (error) {
    return `installing chromium failed: ${(error as Error).message.split('\n', 1)[0]}`;
  }
  return existsSync(CHROMIUM_PATH) ? undefined : `apt-get installed no ${CHROMIUM_PATH}`;
}

/**
 * Whether browser tests run: on CI they must (a missing browser fails them),
 * elsewhere they are skipped with a loud message when Chromium cannot be had.
 */
export function chromiumAvailable(): boolean {
  const problem = ensureChromium();
  if (problem === undefined) return true;
  if (process.env['CI'] === 'true') throw new Error(`browser tests must run on CI, but ${problem}`);
  process.stderr.write(`\n*** SKIPPING the report's browser tests: ${problem} ***\n\n`);
  return false;
}

/** A browser context on a throwaway profile; `close` removes the profile too. */
export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Launches Debian's Chromium headless on a fresh profile.
 *
 * @example
 * const browser = await launchChromium();
 * const page = await browser.context.newPage();
 */
export async function launchChromium(): Promise<TestBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'airlock-chromium-'));
  // The profile directory is playwright's userDataDir, which it passes as --user-data-dir.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH, headless: true, args: FLAGS, viewport: { width: 1280, height: 860 }, timeout: 120_000,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
