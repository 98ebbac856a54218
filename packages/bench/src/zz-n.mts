import { readFileSync } from 'node:fs';
import { normalizeValue, toContract, NORMALIZE_STAGES } from '@airlock/core';
import { benchContract } from './contract.js';
const c = toContract(benchContract, 'b');
const values = readFileSync('/tmp/corpus8.jsonl', 'utf8').trim().split('\n').map((l) => JSON.parse(l).output).filter((o: string) => o.startsWith('{')).map((o: string) => { try { return JSON.parse(o); } catch { return null; } }).filter(Boolean).slice(0, 300);
console.log(values.length, 'values');
for (let r = 0; r < 3; r++) {
  const per: number[] = NORMALIZE_STAGES.map(() => 0);
  for (const v of values) NORMALIZE_STAGES.forEach((s: any, i: number) => { const t = performance.now(); for (let k = 0; k < 10; k++) s(v, c, {}); per[i]! += performance.now() - t; });
  const z = performance.now(); for (const v of values) for (let k = 0; k < 10; k++) benchContract.safeParse(v); const zt = performance.now() - z;
  console.log('zod', zt.toFixed(1), NORMALIZE_STAGES.map((s: any, i: number) => `${s.name}:${per[i]!.toFixed(1)}`).join(' '));
}
