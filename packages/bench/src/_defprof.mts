import { Session } from 'node:inspector/promises';
import { sampleDocuments } from './generate/sample-documents.ts';
import { safeParse } from '@airlock/core';
import { z } from 'zod';
import { installWasmScanner } from '@airlock/wasm-scanner';
if (process.env.WASM === '1') installWasmScanner();
const permissive = z.unknown();
const bad = sampleDocuments('defective_json', 150, 2);
for (let i = 0; i < 300; i++) bad.texts.forEach((t) => safeParse(t, permissive));
let t0 = performance.now(); for (let i = 0; i < 200; i++) bad.texts.forEach((t) => safeParse(t, permissive)); console.log('ms per set', ((performance.now() - t0) / 200).toFixed(3));
const s = new Session(); s.connect(); await s.post('Profiler.enable'); await s.post('Profiler.setSamplingInterval', { interval: 50 }); await s.post('Profiler.start');
for (let i = 0; i < 400; i++) bad.texts.forEach((t) => safeParse(t, permissive));
const { profile } = await s.post('Profiler.stop');
const self = new Map(); const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const dt = profile.timeDeltas!; let total = 0;
for (let i = 0; i < profile.samples!.length; i++) { const n: any = byId.get(profile.samples![i]); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-1)[0]}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + dt[i]!); total += dt[i]!; }
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 35)) console.log((v / total * 100).toFixed(1).padStart(5), '%', k);
