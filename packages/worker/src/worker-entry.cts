/**
 * The file Piscina loads in each worker thread: CommonJS, so Piscina's `require` of it is
 * an ordinary one. Given the ESM `worker.js` directly, Piscina first tries `require()` on
 * it, and Node 20's `require` of an ES module aborted V8 now and then while several
 * threads loaded at once (`IsGraphAsync`, exit 134); this entry reaches the ES module
 * with `import()` instead, once per thread.
 */
import type { ChunkOutput } from './process-chunk.js';
import type { ChunkTask } from './worker.js';

let worker: Promise<typeof import('./worker.js')> | undefined;

/**
 * Piscina handler (selected by name).
 *
 * @example
 * new Piscina({ filename: new URL('./worker-entry.cjs', import.meta.url).href, name: 'runChunkTask' });
 */
export async function runChunkTask(task: ChunkTask): Promise<ChunkOutput> {
  worker ??= import('./worker.js');
  return (await worker).runChunkTask(task);
}
