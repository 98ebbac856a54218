import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { formatSize } from './parse-size.js';
import type { LogProfile } from './generate-records.js';
import { writeLog } from './write-log.js';

/**
 * Bump when the generator's output changes, so cached logs are not reused
 * across generator versions.
 */
export const GENERATOR_VERSION = 1;

/**
 * Path of a cached generated log of `size` bytes, writing it first if needed.
 * Logs are deterministic, so a cached file is exactly what would be generated.
 *
 * @example
 * await ensureLog('corpus', 8 * 1024 ** 2, 1) // 'corpus/log-8MB-s1-g1.jsonl'
 */
export async function ensureLog(dir: string, size: number, seed: number, profile: LogProfile = 'default'): Promise<string> {
  const suffix = profile === 'default' ? '' : `-${profile}`;
  const path = join(dir, `log-${formatSize(size)}-s${seed}-g${GENERATOR_VERSION}${suffix}.jsonl`);
  if (!existsSync(path) || statSync(path).size < size) await writeLog({ size, seed, path, profile });
  return path;
}
