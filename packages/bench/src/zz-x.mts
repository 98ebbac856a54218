import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { normalizeValue, toContract, NORMALIZE_STAGES } from '@airlock/core';
import { benchContract } from './contract.js';
const c = toContract(benchContract, 'b');
const lines = readFileSync('/tmp/corpus8.jsonl', 'utf8').trim().split('\n').map((l) => JSON.parse(l).output as string);
const parsed = lines.filter((o) => o.startsWith('{')).map((o) => { try { return JSON.parse(o); } catch { return null; } }).filter(Boolean);
const values = parsed.slice(0, 300);
const mode = process.argv[2] ?? 'time';
if (mode === 'check') {
  // fingerprint of every normalize outcome over all parseable outputs (whole corpus, also objects found in text)
  const all: unknown[] = [...parsed];
  for (const o of lines) { const i = o.indexOf('{'); const j = o.lastIndexOf('}'); if (i >= 0 && j > i) { try { all.push(JSON.parse(o.slice(i, j + 1))); } catch {} } }
  // seeded perturbations: drifted keys, stringly numbers/booleans, singletons, extras, wrappers
  let seed = 12345; const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const perturb = (v: any, d: number): any => {
    if (Array.isArray(v)) { const a = v.map((x) => perturb(x, d + 1)); return a.length === 1 && rnd() < 0.3 ? a[0] : a; }
    if (v && typeof v === 'object') { const o: any = {}; for (const k of Object.keys(v)) { const r = rnd(); const nk = r < 0.1 ? k.toUpperCase() : r < 0.15 ? k.replace(/_/g, '-') : r < 0.18 ? 'Extra' + k : k; o[nk] = perturb(v[k], d + 1); if (rnd() < 0.05) o[k + 'X'] = 1; } return d === 0 && rnd() < 0.2 ? { output: o } : o; }
    if (typeof v === 'number') return rnd() < 0.3 ? String(v) : v;
    if (typeof v === 'boolean') return rnd() < 0.3 ? String(v).toUpperCase() : v;
    if (typeof v === 'string') return rnd() < 0.1 ? v.toUpperCase() : v;
    return v;
  };
  for (let i = 0, n = all.length; i < n; i++) all.push(perturb(all[i], 0));
  const h = createHash('sha256');
  for (const v of all) { const r = normalizeValue(v, c, {}); h.update(JSON.stringify(r) + '\n'); }
  const d = h.digest('hex'); console.log(all.length, 'values', d);
  const f = '/tmp/zz-x-fingerprint.txt';
  if (!existsSync(f)) writeFileSync(f, d); else console.log(readFileSync(f, 'utf8') === d ? 'SAME' : 'DIFFERENT');
} else {
  console.log(values.length, 'values');
  const cpu = (f: () => void): number => { const u = process.cpuUsage(); f(); const d = process.cpuUsage(u); return (d.user + d.system) / 1000; };
  const best: number[] = [];
  for (let r = 0; r < 15; r++) {
    const per = NORMALIZE_STAGES.map((s: any) => cpu(() => { for (let k = 0; k < 10; k++) for (const v of values) s(v, c, {}); }));
    const zt = cpu(() => { for (let k = 0; k < 10; k++) for (const v of values) benchContract.safeParse(v); });
    const nv = cpu(() => { for (let k = 0; k < 10; k++) for (const v of values) { const o = normalizeValue(v, c, {}); benchContract.safeParse(o.value); } });
    [zt, nv, ...per].forEach((x, i) => { best[i] = Math.min(best[i] ?? Infinity, x); });
  }
  console.log(`MIN(cpu ms) zod ${best[0]!.toFixed(1)} norm+val ${best[1]!.toFixed(1)} ratio ${(best[0]! / best[1]!).toFixed(2)}x |`, NORMALIZE_STAGES.map((s: any, i: number) => `${s.name}:${best[i + 2]!.toFixed(1)}`).join(' '));
}
