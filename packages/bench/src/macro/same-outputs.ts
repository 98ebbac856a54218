/**
 * Whether several batch outputs are the same bytes: thread count and chunk split must never
 * change a byte of what `airlock batch` writes, so the headline checks the outputs of the runs
 * it times against each other.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';

/** SHA-256 of a file, read as a stream (outputs of a 200 MB log are about 260 MB). */
async function fileHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The hash the files share, or the two files that differ first.
 *
 * @example
 * await compareOutputs(['cli0.ndjson', 'cli2.ndjson']) // { same: true, hash: '3f…' }
 */
export async function compareOutputs(paths: readonly string[]): Promise<{ same: true; hash: string } | { same: false; first: string; other: string }> {
  const first = await fileHash(paths[0]!);
  for (const path of paths.slice(1)) {
    if ((await fileHash(path)) !== first) return { same: false, first: paths[0]!, other: path };
  }
  return { same: true, hash: first };
}
