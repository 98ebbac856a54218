#!/usr/bin/env node
// The `airlock` command. It runs the built CLI (dist/), which `turbo run build`
// produces; the contracts it loads may still be TypeScript (compiled once on load).
import { setFlagsFromString } from 'node:v8';

// A smaller TurboFan inlining budget: the pipeline's hot code is large, and on two cores the
// optimizing compiler's background work competes with the batch itself. Measured on a 20 MB
// log: 8 % less wall time for one process, 17 % for two at once (see the bench README). The
// flag is process-wide, so only this command sets it, never the libraries; a flag given by the
// user (node --max-inlined-bytecode-size-cumulative=…, NODE_OPTIONS) wins.
const INLINING = 'max-inlined-bytecode-size-cumulative';
if (![...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((arg) => arg.includes(INLINING))) setFlagsFromString(`--${INLINING}=100`);
let main;
let guardProcess;
try {
  ({ main } = await import('../dist/main.js'));
  ({ guardProcess } = await import('../dist/guard-process.js'));
} catch (error) {
  if (error?.code === 'ERR_MODULE_NOT_FOUND') {
    const reason = String(error.message).split('\n', 1)[0];
    console.error(`airlock: the CLI or a package it uses is not built (${reason}); run \`npm run build\` first`);
    process.exit(2);
  }
  throw error;
}
// Should the event loop ever drain before main settles, exit non-zero rather than 0.
process.exitCode = 70;
guardProcess();
process.exitCode = await main(process.argv.slice(2));
