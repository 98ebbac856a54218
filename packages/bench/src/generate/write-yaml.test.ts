import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildArtifact } from './build-artifact.js';
import { Rng } from './rng.js';
import { breakYaml, writeYaml } from './write-yaml.js';

describe('writeYaml / breakYaml', () => {
  const rng = new Rng(21);
  const docs = Array.from({ length: 30 }, () => buildArtifact(rng.pick(['interview', 'prd', 'beads'] as const), rng));

  it('writes YAML that reads back as the value', () => {
    for (const value of docs) expect(parse(writeYaml(value))).toEqual(value);
  });

  it('breaks YAML so that yaml.parse either throws or reads something else', () => {
    let broken = 0;
    for (const value of docs) {
      const { text, defects } = breakYaml(writeYaml(value), rng);
      if (defects.length === 0) continue;
      broken++;
      let same = false;
      try {
        same = JSON.stringify(parse(text)) === JSON.stringify(value);
      } catch {
        same = false;
      }
      expect(same, `${defects.join(',')}\n${text}`).toBe(false);
    }
    expect(broken).toBeGreaterThan(20);
  });
});
