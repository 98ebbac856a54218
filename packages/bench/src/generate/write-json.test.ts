import { jsonrepair } from 'jsonrepair';
import { describe, expect, it } from 'vitest';
import { buildArtifact } from './build-artifact.js';
import { Rng } from './rng.js';
import { JSON_DEFECTS, writeJson } from './write-json.js';

describe('writeJson', () => {
  it('equals JSON.stringify without defects', () => {
    const rng = new Rng(5);
    for (let i = 0; i < 20; i++) {
      const value = buildArtifact(rng.pick(['review', 'interview', 'prd', 'beads'] as const), rng);
      expect(writeJson(value, { indent: 0 }, rng)).toBe(JSON.stringify(value));
      expect(writeJson(value, { indent: 2 }, rng)).toBe(JSON.stringify(value, null, 2));
    }
  });

  it.each(JSON_DEFECTS)('writes %s so that JSON.parse fails and jsonrepair recovers the value', (defect) => {
    const rng = new Rng(9);
    for (let i = 0; i < 10; i++) {
      const value = buildArtifact('review', rng);
      const text = writeJson(value, { indent: i % 2 === 0 ? 2 : 0, defects: [defect] }, rng);
      expect(() => JSON.parse(text)).toThrow();
      expect(JSON.parse(jsonrepair(text))).toEqual(value);
    }
  });

  it('puts a trailing comma in every container at rate 1', () => {
    expect(writeJson({ a: [1, { b: true }] }, { indent: 0, defects: ['trailing_comma', 'python_literals'], rate: 1 }, new Rng(1))).toBe(
      '{"a":[1,{"b":True,},],}',
    );
  });
});
