#!/usr/bin/env node
// The `airlock` command. It runs the built CLI (dist/), which `turbo run build`
// produces; the contracts it loads may still be TypeScript (compiled once on load).
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
