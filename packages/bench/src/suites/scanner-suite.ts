/**
 * Scanner: core's JS scanner and the WASM scanner (copy into WASM memory
 * included) against a two-regex fence/tag extractor, on realistic model text
 * of 256 B to 1 MB; reports the WASM/JS crossover.
 */
import { scanText } from '@airlock/core/internal';
import { corpusText } from '../generate/corpus-text.js';
import { formatSize } from '../generate/parse-size.js';
import { regexExtract } from '../naive/regex-extract.js';
import { loadWasmScanner } from '../optional/load-wasm-scanner.js';
import { wasmVsJs } from '../report/targets.js';
import type { Suite } from './suite.js';
import type { GroupTask } from './suite-recorder.js';

export const SCANNER_SIZES = [256, 2048, 64 * 1024, 1024 * 1024] as const;

export const scannerSuite: Suite = {
  name: 'scanner',
  description: 'Core JS scanner and WASM scanner vs a regex fence/tag extractor, 256 B to 1 MB',
  async run(ctx, rec) {
    const wasm = await loadWasmScanner();
    if (!wasm.available) rec.note(`WASM scanner: ${wasm.reason}`);
    const callsBefore = wasm.available ? wasm.value.calls() : null;
    let crossover: number | null = null;
    for (const size of SCANNER_SIZES) {
      const text = corpusText(size, ctx.seed);
      const bytes = Buffer.byteLength(text);
      const label = formatSize(size);
      const tasks: GroupTask[] = [
        { subject: 'regex extractor', fn: () => regexExtract(text) },
        { subject: 'JS scanner (scanText)', fn: () => scanText(text) },
      ];
      if (wasm.available) tasks.push({ subject: 'WASM scanner (scan)', fn: () => wasm.value.scan(text), optional: true });
      else rec.unavailable(label, 'WASM scanner (scan)', wasm.reason);
      const [regex = null, js = null, fast = null] = await rec.measureGroup(label, tasks, bytes);
      rec.speedRatio({ id: `scanner.js_vs_regex.${label}`, label: `Scanner at ${label}: JS scanner vs regex extractor`, unit: 'x', better: 'higher' }, js, regex);
      rec.speedRatio(wasmVsJs(label, size >= 2048), fast, js);
      if (crossover === null && fast !== null && js !== null && fast.opsPerSec >= js.opsPerSec) crossover = size;
    }
    if (wasm.available) {
      const callsAfter = wasm.value.calls();
      if (callsBefore !== null && callsAfter !== null) rec.note(`WASM scan calls during the suite: ${callsAfter - callsBefore} (proves the WASM path ran).`);
      rec.note(
        crossover === null
          ? 'WASM/JS crossover: WASM never beat JS at the measured sizes.'
          : `WASM/JS crossover: WASM is at least as fast as JS from ${formatSize(crossover)} (smallest measured size where it wins).`,
      );
      rec.ratio({ id: 'scanner.wasm_crossover_bytes', label: 'Smallest measured size where WASM ≥ JS scanner', unit: 'B', better: 'lower' }, crossover);
    }
  },
};
