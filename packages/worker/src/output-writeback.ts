/**
 * Starts a run's output on its way to disk while the run goes on: after every
 * {@link WRITEBACK_BYTES} written, a data sync runs in the background. The sync
 * at the end of a run then waits for the last few megabytes only (on a 26 MB
 * output it waited about 13 ms with both cores idle).
 */
import type { FileHandle } from 'node:fs/promises';

/** Output bytes written between two background syncs. */
export const WRITEBACK_BYTES = 8 * 1024 * 1024;

/**
 * Background data syncs of one output file.
 *
 * @example
 * const writeback = new OutputWriteback(handle);
 * writeback.wrote(buffer.length); // after each write
 * await writeback.settle(); // before the final sync and close
 */
export class OutputWriteback {
  private unsynced = 0;
  private syncing: Promise<void> | undefined;

  constructor(
    private readonly handle: FileHandle,
    private readonly everyBytes = WRITEBACK_BYTES,
  ) {}

  /** Counts bytes written; starts a sync once enough are waiting and none is under way. */
  wrote(bytes: number): void {
    this.unsynced += bytes;
    if (this.unsynced < this.everyBytes || this.syncing !== undefined) return;
    this.unsynced = 0;
    // Ignored, as the final sync's failure is: the data is in the file either way; a sync
    // only hurries it to the disk.
    this.syncing = this.handle.datasync().catch(() => {}).then(() => {
      this.syncing = undefined;
    });
  }

  /** Waits for a sync under way. */
  async settle(): Promise<void> {
    await this.syncing;
  }
}
