/**
 * Writes a run's checkpoint after commits, at most every {@link CHECKPOINT_INTERVAL_MS}, and
 * the latest one whenever the run stops short (interrupted, or failing): a checkpoint per chunk
 * cost the calling thread and the I/O threads about 2 % of a 2-thread run's CPU time, and a
 * crash now redoes at most that interval's work. Whatever a checkpoint says stays consistent:
 * it is built, when written, from the state of the last commit.
 */
import { writeCheckpoint, type Checkpoint } from './checkpoint.js';

/** Longest time between a commit and a checkpoint that includes it, while a run goes on. */
export const CHECKPOINT_INTERVAL_MS = 200;

/**
 * The checkpoint of one output, written lazily.
 *
 * @example
 * const checkpoints = new CheckpointWriter(checkpointPath(output), () => checkpointOf(session));
 * await checkpoints.committed(); // after each commit: writes when the interval has passed
 * await checkpoints.flush(); // when the run stops short: the latest commit, now
 */
export class CheckpointWriter {
  private dirty = false;
  private lastWritten = Date.now();

  constructor(
    private readonly path: string,
    private readonly build: () => Checkpoint,
    private readonly intervalMs = CHECKPOINT_INTERVAL_MS,
  ) {}

  /** A chunk was committed: the checkpoint is written if the last one is old enough. */
  async committed(): Promise<void> {
    this.dirty = true;
    if (Date.now() - this.lastWritten >= this.intervalMs) await this.flush();
  }

  /** Writes the checkpoint of the last commit, if a commit came after the last one written. */
  async flush(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    this.lastWritten = Date.now();
    await writeCheckpoint(this.path, this.build());
  }
}
