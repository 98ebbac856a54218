/**
 * The bundled pack run log (`examples/pack-run-log.jsonl`, the second batch of
 * `npm run sample`) is drawn from this package's bead-status fixtures: it must
 * be exactly what its generator writes from them today, so a fixture edit
 * cannot leave the sample describing an older contract.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const examples = new URL('../../../examples/', import.meta.url);

describe('bundled pack run log', () => {
  it('is what make-pack-run-log.mjs writes from the bead-status fixtures', () => {
    const written = execFileSync(process.execPath, [fileURLToPath(new URL('make-pack-run-log.mjs', examples))], { encoding: 'utf8' });
    expect(written).toBe(readFileSync(new URL('pack-run-log.jsonl', examples), 'utf8'));
    const fixtures = new Set(written.trim().split('\n').map((line) => (JSON.parse(line) as { fixture: string }).fixture));
    expect(fixtures.size).toBeGreaterThanOrEqual(5);
  });
});
