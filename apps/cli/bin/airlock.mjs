#!/usr/bin/env node
// The `airlock` command. It runs the built CLI (dist/), which `turbo run build`
// produces; the contracts it loads may still be TypeScript (compiled once on load).
// V8 tuning for this command (process-wide, so only the command sets it, never the libraries;
// a flag the user gives — node --flag, NODE_OPTIONS — wins): see applyStartupTuning.
let main;
let guardProcess;
try {
  (await import('../dist/v8-flags.js')).applyStartupTuning();
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
