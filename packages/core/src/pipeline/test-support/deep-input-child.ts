/**
 * Child process of the deep-input test: parses 100,000-deep inputs with `safeParse`
 * inline, then the same on a worker thread with a larger stack (8 MB), and prints
 * both sets of serialized results as one JSON line. Run apart from the test runner,
 * so a fatal V8 error shows as a failed exit instead of killing it.
 */
import { parentPort, Worker } from 'node:worker_threads';
import { z } from 'zod';
import { safeParse } from '../safe-parse.js';

const N = 100_000;

function deepInputs(): Record<string, string> {
  let block = '';
  // Block nesting that `yaml` loaded on a worker but not on a main thread before the guard.
  for (let i = 0; i < 2_500; i++) block += `${' '.repeat(i)}a:\n`;
  return {
    brackets: '['.repeat(N) + ']'.repeat(N),
    objects: '{"a":'.repeat(N) + '1' + '}'.repeat(N),
    yamlCompact: `${'- '.repeat(N)}x\n`,
    yamlFlow: `a: ${'['.repeat(N)}${']'.repeat(N)}\nb: 1\n`,
    yamlBlock: `${block}${' '.repeat(2_500)}x\n`,
  };
}

/** Serialized results for the default maxDepth and for maxDepth 10. */
function parseAll(): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = { default: {}, ten: {} };
  for (const [name, text] of Object.entries(deepInputs())) {
    out['default']![name] = JSON.stringify(safeParse(text, z.unknown()));
    out['ten']![name] = JSON.stringify(safeParse(text, z.unknown(), { maxDepth: 10 }));
  }
  return out;
}

if (parentPort !== null) {
  parentPort.postMessage(parseAll());
} else {
  const inline = parseAll();
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`;
  const threaded = await new Promise((resolve, reject) => {
    const worker = new Worker(boot, { eval: true, execArgv: ['--conditions=source'], resourceLimits: { stackSizeMb: 8 } });
    worker.once('message', (message) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
  process.stdout.write(JSON.stringify({ inline, threaded }));
}
