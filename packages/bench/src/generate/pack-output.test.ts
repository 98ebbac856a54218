import { describe, expect, it } from 'vitest';
import { generateRecords } from './generate-records.js';
import { packFixtures } from './pack-output.js';

describe('pack profile', () => {
  const fixtures = packFixtures();
  // Two fixtures may hold the same text (a refusal and its context-free twin): a text names them all.
  const byText = new Map<string, string[]>();
  for (const f of fixtures) byText.set(f.text, [...(byText.get(f.text) ?? []), f.name]);

  it('draws every record from a fixture of the shipped contracts, byte for byte', () => {
    const stream = generateRecords(7, 'pack');
    for (let n = 0; n < 300; n++) {
      const { record, defects } = stream.next().value;
      expect(defects).toHaveLength(1);
      expect(byText.get(record.output)).toContain(defects[0]);
    }
  });

  it('covers every artifact family of the pack and is the same for the same seed', () => {
    const take = (seed: number) => Array.from({ length: 20 * fixtures.length }, ((stream) => () => stream.next().value.record.output)(generateRecords(seed, 'pack')));
    const families = new Set(take(3).flatMap((text) => byText.get(text)!.map((name) => name.split('/')[0])));
    expect([...families].sort()).toEqual([...new Set(fixtures.map((f) => f.artifact))].sort());
    expect(take(3)).toEqual(take(3));
  });
});
