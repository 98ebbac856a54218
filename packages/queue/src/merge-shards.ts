/**
 * Joins finished shard outputs into the final file: the metadata line a local
 * run writes, then every shard's records in input order, written under a
 * temporary name and renamed, so the output is either whole or absent.
 */
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Contract } from '@airlock/core';
import { batchMetadata, emptyCounts, mergeCounts, type BatchStats, type ContractRef } from '@airlock/worker';
import type { Shard } from './plan-shards.js';
import { shardFileName, type ShardCounts } from './shard-job.js';

/** Options of {@link mergeShards}. */
export interface MergeShardsOptions {
  shardDir: string;
  shards: Shard[];
  output: string;
  contract: Contract<unknown>;
  /** The reference as the user wrote it (it is recorded in the metadata line). */
  contractRef: ContractRef;
  field: string;
  idField: string;
  includeRaw: boolean;
  /** The run salvaged `truncated` failures (recorded in the metadata line as a local run records it). */
  salvageTruncated?: boolean;
  /** When the run started (for throughput figures). */
  started: number;
  /** The input as the user wrote it and its fingerprint: the metadata line a local run writes. */
  input?: { files: string[]; fingerprint: string | null };
  /** Fingerprint of the run's context, when it has one: recorded as a local run records it. */
  contextFingerprint?: string;
}

/** Bytes of a file's first line, its newline included. */
async function firstLineLength(path: string): Promise<number> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const end = buffer.subarray(0, bytesRead).indexOf(0x0a);
    if (end === -1) throw new Error(`shard output ${path} has no metadata line`);
    return end + 1;
  } finally {
    await handle.close();
  }
}

/**
 * Copies a file from `start` to the end of `out`, waiting when it is full. (A `pipeline` per
 * shard would leave listeners on `out`, one set per shard: thousands on a large run.)
 */
async function appendFile(out: WriteStream, file: string, start: number): Promise<void> {
  for await (const chunk of createReadStream(file, { start }) as AsyncIterable<Buffer>) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
}

/**
 * Writes the merged output and returns the run's statistics.
 *
 * @example
 * const stats = await mergeShards({ shardDir, shards, output: 'results.ndjson', contract, contractRef, field: 'output', idField: 'id', started });
 */
export async function mergeShards(options: MergeShardsOptions): Promise<BatchStats> {
  const counts = emptyCounts();
  for (const shard of options.shards) {
    const file = join(options.shardDir, shardFileName(shard.index, 'counts'));
    const shardCounts = JSON.parse(await readFile(file, 'utf8')) as ShardCounts;
    mergeCounts(counts, shardCounts.counts);
  }
  const temporary = `${options.output}.merge.tmp`;
  const out = createWriteStream(temporary);
  try {
    const metadata = batchMetadata({
      contract: options.contract, contractRef: options.contractRef, field: options.field, idField: options.idField, includeRaw: options.includeRaw, salvageTruncated: options.salvageTruncated === true,
      ...(options.input === undefined ? {} : { input: options.input }),
      ...(options.contextFingerprint === undefined ? {} : { contextFingerprint: options.contextFingerprint }),
    });
    out.write(`${JSON.stringify(metadata)}\n`);
    for (const shard of options.shards) {
      // Each shard file is a whole batch output of its range: its own metadata line is dropped.
      const file = join(options.shardDir, shardFileName(shard.index, 'records'));
      await appendFile(out, file, await firstLineLength(file));
    }
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    await rename(temporary, options.output);
  } catch (error) {
    out.destroy();
    await rm(temporary, { force: true });
    throw error;
  }
  const elapsedMs = Date.now() - options.started;
  const seconds = Math.max(elapsedMs, 1) / 1000;
  return {
    ...counts,
    complete: true,
    resumedFrom: 0,
    threads: 0,
    elapsedMs,
    recordsPerSecond: Math.round(counts.records / seconds),
    mbPerSecond: Math.round((counts.inputBytes / 1e6 / seconds) * 100) / 100,
  };
}
