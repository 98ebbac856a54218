import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchContract } from '../contract.js';
import { generateRecords } from './generate-records.js';
import { OUTPUT_KINDS, OUTPUT_MIX } from './render-output.js';
import { JSON_DEFECTS } from './write-json.js';
import { writeLog } from './write-log.js';
import { YAML_DEFECTS } from './write-yaml.js';

const dir = mkdtempSync(join(tmpdir(), 'bench-gen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sha = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('writeLog', () => {
  it('writes the same bytes for the same seed and different bytes for another', async () => {
    const size = 200 * 1024;
    const a = await writeLog({ size, seed: 7, path: join(dir, 'a.jsonl') });
    const b = await writeLog({ size, seed: 7, path: join(dir, 'b.jsonl') });
    await writeLog({ size, seed: 8, path: join(dir, 'c.jsonl') });
    expect(sha(join(dir, 'a.jsonl'))).toBe(sha(join(dir, 'b.jsonl')));
    expect(sha(join(dir, 'a.jsonl'))).not.toBe(sha(join(dir, 'c.jsonl')));
    expect(a).toEqual(b);
  });

  it('stops at the requested size and a smaller log is a prefix of a larger one', async () => {
    const small = await writeLog({ size: 64 * 1024, seed: 3, path: join(dir, 's.jsonl') });
    await writeLog({ size: 256 * 1024, seed: 3, path: join(dir, 'l.jsonl') });
    const s = readFileSync(join(dir, 's.jsonl'), 'utf8');
    expect(small.bytes).toBe(Buffer.byteLength(s));
    expect(small.bytes).toBeGreaterThanOrEqual(64 * 1024);
    expect(readFileSync(join(dir, 'l.jsonl'), 'utf8').startsWith(s)).toBe(true);
  });

  it('writes one {id, agent, ts, output} record per line, and the mix covers every kind', async () => {
    const stats = await writeLog({ size: 1024 * 1024, seed: 1, path: join(dir, 'm.jsonl') });
    const lines = readFileSync(join(dir, 'm.jsonl'), 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(stats.records);
    for (const line of lines) {
      const record = JSON.parse(line) as Record<string, unknown>;
      expect(Object.keys(record)).toEqual(['id', 'agent', 'ts', 'output']);
      expect(typeof record.output).toBe('string');
    }
    expect(Object.keys(stats.byKind).sort()).toEqual([...OUTPUT_KINDS].sort());
    for (const kind of OUTPUT_KINDS) {
      const share = (stats.byKind[kind]!.records / stats.records) * 100;
      // Sampling noise on ~500 records stays well inside ±4 points of the documented mix.
      expect(Math.abs(share - OUTPUT_MIX[kind])).toBeLessThan(4);
    }
  });
});

describe('generateRecords', () => {
  const sample = (() => {
    const out = [];
    const it = generateRecords(11);
    for (let i = 0; i < 1500; i++) out.push(it.next().value);
    return out;
  })();

  it('documents a mix that sums to 100 %', () => {
    expect(Object.values(OUTPUT_MIX).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('writes every JSON and YAML defect somewhere', () => {
    const seen = new Set(sample.flatMap((g) => g.defects));
    for (const defect of [...JSON_DEFECTS, ...YAML_DEFECTS, 'truncated']) expect(seen, defect).toContain(defect);
  });

  it('produces clean JSON records that parse and satisfy benchContract', () => {
    const clean = sample.filter((g) => g.kind === 'clean_json');
    expect(clean.length).toBeGreaterThan(100);
    for (const g of clean) expect(benchContract.safeParse(JSON.parse(g.record.output)).success).toBe(true);
  });

  it('renders each kind in its characteristic form', () => {
    const first = (kind: string): string => sample.find((g) => g.kind === kind)!.record.output;
    expect(first('fenced_json')).toMatch(/```(json)?\n[[{]/);
    expect(first('yaml_artifact')).toMatch(/```ya?ml\nschema_version: 1\n/);
    expect(first('tagged')).toMatch(/<([A-Za-z_]+)>\n[\s\S]*<\/\1>/);
    expect(first('transcript')).toMatch(/^\[user\] .*\n\[assistant(\/[\w-]+)?\] /);
    expect(first('ansi_noise')).toMatch(/\u001b|\[201~/);
    expect(first('wrapped')).toMatch(/"(output|result|data|response)":/);
  });
});
