/**
 * In-memory standard streams, to run commands in-process.
 */
import { PassThrough, Readable } from 'node:stream';
import type { CliIo } from '../cli-io.js';

/** Streams that collect what a command writes. */
export function memoryIo(stdin = ''): CliIo & { out(): string; err(): string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  return { stdout, stderr, stdin: Readable.from([Buffer.from(stdin)]), out: () => out, err: () => err };
}
