#!/usr/bin/env node
// Runs the pinned pnpm (from package.json "packageManager") through npx, so a
// fresh machine with only Node 20 and npm needs no global install.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const pinned = String(pkg.packageManager); // e.g. "pnpm@10.34.8"
const result = spawnSync('npx', ['--yes', pinned, ...process.argv.slice(2)], {
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
if (result.error) {
  console.error(`airlock: could not start ${pinned} via npx: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
