import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareOutputs } from './same-outputs.js';

const dir = mkdtempSync(join(tmpdir(), 'same-outputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('compareOutputs', () => {
  it('gives the shared hash of identical files', async () => {
    const line = '{"line":1,"id":"a","data":{"x":1}}\n';
    const result = await compareOutputs([file('a.ndjson', line.repeat(10_000)), file('b.ndjson', line.repeat(10_000))]);
    expect(result).toEqual({ same: true, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('names the first file and the one that differs from it, by one byte', async () => {
    const a = file('c.ndjson', '{"line":1}\n{"line":2}\n');
    const b = file('d.ndjson', '{"line":1}\n{"line":2}\n');
    const c = file('e.ndjson', '{"line":1}\n{"line":3}\n');
    expect(await compareOutputs([a, b, c])).toEqual({ same: false, first: a, other: c });
  });
});
