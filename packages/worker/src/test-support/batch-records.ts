/**
 * What the batch tests share: the task contract they run with, and the records of an output.
 */
import { fileURLToPath } from 'node:url';
import { readBatchOutput, type BatchResultRecord } from '../read-batch-output.js';

/** The fixture task schema, as a run's contract reference. */
export const TASK_CONTRACT = { module: fileURLToPath(new URL('./task-schemas.ts', import.meta.url)), export: 'taskSchema' };

/** Every result record of a batch output, in order. */
export async function readRecords(path: string): Promise<BatchResultRecord[]> {
  const out: BatchResultRecord[] = [];
  for await (const record of await readBatchOutput(path)) out.push(record);
  return out;
}
