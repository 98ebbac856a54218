/**
 * A fuzz worker thread: checks the inputs it is sent, one at a time, and
 * answers each with its outcome. The main thread's watchdog terminates it when
 * an answer is late. Before the first answer it parses a few inputs unrecorded,
 * so a fresh worker's compilation is not counted as a slow input.
 */
import { parentPort } from 'node:worker_threads';
import { checkInput, type FuzzContract } from './fuzz-check.js';
import { fuzzInput } from './fuzz-inputs.js';

const WARM_UP_SEED = 0x5eed;
for (let k = 0; k < 40; k++) {
  const input = fuzzInput(WARM_UP_SEED, k);
  if (input.text.length <= 4_000) checkInput(input.text, k % 2 === 0 ? 'unknown' : 'bench');
}

parentPort?.on('message', (job: { index: number; text: string; contract: FuzzContract }) => {
  parentPort?.postMessage({ index: job.index, ...checkInput(job.text, job.contract) });
});
