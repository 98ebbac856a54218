/**
 * The version stamped into batch outputs and checkpoints, so a resume never
 * mixes results of two Airlock versions.
 */
import { readFileSync } from 'node:fs';

let cached: string | undefined;

/**
 * The version of this package (which moves with the core it runs).
 *
 * @example
 * airlockVersion(); // '0.1.0'
 */
export function airlockVersion(): string {
  // `../package.json` is the package root from both src/ and dist/.
  cached ??= String((JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown }).version);
  return cached;
}
