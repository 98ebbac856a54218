/**
 * One thread of the thread-ceiling measurement (see thread-ceiling.ts): plain JavaScript,
 * started without the bench's TypeScript loader, so it loads the built packages as a batch
 * thread does. On each `go` it runs the batch's per-chunk work (processChunk: decode,
 * safeParse, encode) over its share of the chunks, then says `done`.
 */
import { parentPort, workerData } from 'node:worker_threads';

const { workerModule, contract, bytes, bounds, thread, threads } = workerData;
const { processChunk, importContract } = await import(workerModule);
const { installWasmScanner } = await import('@airlock/wasm-scanner');
installWasmScanner();
// A reference prepared by the calling thread: a JavaScript module, imported as it is.
const resolved = await importContract(contract);
const view = new Uint8Array(bytes);
const mine = [];
for (let k = thread; k < bounds.length - 1; k += threads) mine.push(view.subarray(bounds[k], bounds[k + 1]));
parentPort.on('message', () => {
  for (const chunk of mine) processChunk({ bytes: chunk, firstLine: 1, field: 'output', idField: 'id', includeRaw: false }, resolved);
  parentPort.postMessage('done');
});
parentPort.postMessage('ready');
