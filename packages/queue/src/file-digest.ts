/**
 * The sha256 of a file's bytes, streamed (a job may name a large file as its
 * contract module: hashing it must not load it whole).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/**
 * `sha256:<hex>` of the file at `path`.
 *
 * @example
 * await fileDigest('/srv/airlock/contract.ts'); // 'sha256:9c1e…'
 */
export async function fileDigest(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hash.update(chunk);
  return `sha256:${hash.digest('hex')}`;
}
