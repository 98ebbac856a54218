#!/usr/bin/env node
// The `airlock` command. It runs the built CLI (dist/), which `turbo run build`
// produces; the contracts it loads may still be TypeScript (compiled once on load).
// V8 tuning for this command (process-wide, so only the command sets it, never the libraries;
// a flag the user gives — node --flag, NODE_OPTIONS — wins). The pipeline's hot code is large,
// and on two cores the optimizing compiler's background work competes with the batch itself:
// - a smaller TurboFan inlining budget: 20 MB log 2.25 -> 2.07 s inline, 2.55 -> 2.26 s on
//   2 threads; 200 MB on 2 threads 9.97 -> 9.06 s;
// - optimizing after four times the default feedback (the interrupt budget, 67,584 in Node 20):
//   each worker thread compiles less while it warms up. 20 MB on 2 threads 2.18 -> 1.90 s,
//   1 MB inline 0.56 -> 0.49 s, 200 MB unchanged.
// Both were measured on Node 20 (V8 11). V8 12 (Node 22) has no interrupt budget (it counts
// invocations, and tiers up through Maglev), and an unknown flag prints an error on every start:
// only flags this V8 has are set.
const v8Major = Number(process.versions.v8.split('.')[0]);
const TUNING = { 'max-inlined-bytecode-size-cumulative': 100, ...(v8Major <= 11 ? { 'interrupt-budget': 264000 } : {}) };
let main;
let guardProcess;
try {
  const { setFlagUnlessGiven } = await import('../dist/v8-flags.js');
  for (const [flag, value] of Object.entries(TUNING)) setFlagUnlessGiven(flag, `--${flag}=${value}`);
  // Before the large modules load: Node 22+ keeps their compiled code on disk (compile-cache.ts).
  (await import('../dist/compile-cache.js')).enableCompileCache();
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
