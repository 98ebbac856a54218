import { describe, expect, it } from 'vitest';
import { generateRecords } from './generate-records.js';
import { packFixtures } from './pack-output.js';

describe('pack profile', () => {
  const fixtures = packFixtures();
  const byText = new Map(fixtures.map((f) => [f.text, f.name]));

  it('draws every record from a fixture of the shipped contracts, byte for byte', () => {
    const stream = generateRecords(7, 'pack');
    for (let n = 0; n < 300; n++) {
      const { record, defects } = stream.next().value;
      expect(byText.get(record.output)).toBeDefined();
      expect(defects).toEqual([byText.get(record.output)]);
    }
  });

  it('covers every artifact family of the pack and is the same for the same seed', () => {
    const take = (seed: number) => Array.from({ length: 600 }, ((stream) => () => stream.next().value.record.output)(generateRecords(seed, 'pack')));
    const families = new Set(take(3).map((text) => byText.get(text)!.split('/')[0]));
    expect([...families].sort()).toEqual([...new Set(fixtures.map((f) => f.artifact))].sort());
    expect(take(3)).toEqual(take(3));
  });
});
