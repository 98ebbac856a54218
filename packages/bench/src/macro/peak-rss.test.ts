import { execFileSync } from 'node:child_process';
import { platform } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { peakRssMB } from './peak-rss.mjs';

const HELPER = fileURLToPath(new URL('./peak-rss.mjs', import.meta.url));

describe('peakRssMB', () => {
  it('reports this process', () => {
    expect(peakRssMB()).toBeGreaterThan(10);
  });

  // A fork inherits its parent's memory and Linux keeps the peak across exec: maxRSS reads the parent's.
  it.runIf(platform() === 'linux')('reports a child its own peak, not the larger one of the process that spawned it', () => {
    const parent = `const held = Buffer.alloc(320 * 1024 * 1024, 1);
const { execFileSync } = require('node:child_process');
const child = 'import(' + JSON.stringify(${JSON.stringify(`file://${HELPER}`)}) + ').then((m) => console.log(JSON.stringify([m.peakRssMB(), process.resourceUsage().maxRSS / 1024])))';
process.stdout.write(execFileSync(process.execPath, ['-e', child]));
held[0] = 2;`;
    // The second figure (maxRSS) is the parent's peak a spawned child inherits: over 320 here.
    const [own] = JSON.parse(execFileSync(process.execPath, ['-e', parent]).toString()) as [number, number];
    expect(own).toBeLessThan(150);
  });
});
