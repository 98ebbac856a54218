#!/usr/bin/env node
// Bundles the browser side of the report (src/client/) into one script,
// dist/viewer-client.js, which renderReport inlines into every HTML file.
import { build } from 'esbuild';

await build({
  entryPoints: [new URL('../src/client/main.ts', import.meta.url).pathname],
  outfile: new URL('../dist/viewer-client.js', import.meta.url).pathname,
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
