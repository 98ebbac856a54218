/**
 * Peak resident memory of this process, in MB. On Linux it is `VmHWM` of /proc/self/status:
 * the peak of this process image alone. `process.resourceUsage().maxRSS` is not: a child
 * starts as a fork of its parent and keeps the parent's peak across exec, so a probe spawned
 * by a bench holding 280 MB reported 280 MB whatever it used itself.
 *
 * @example
 * peakRssMB() // 181.3
 */
import { readFileSync } from 'node:fs';

export function peakRssMB() {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match !== null) return Number(match[1]) / 1024;
  } catch {
    // Not Linux: maxRSS below.
  }
  // maxRSS is in kilobytes.
  return process.resourceUsage().maxRSS / 1024;
}
