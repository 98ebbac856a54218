import { buildArtifact } from './build-artifact.js';
import { Rng } from './rng.js';
import { writeJson } from './write-json.js';

/**
 * A defective JSON document of at least `size` characters with a trailing
 * comma in every object and array: the worst case that sends naive repairers
 * quadratic. An array of review artifacts, pretty-printed.
 *
 * @example
 * trailingCommaDocument(65536, 1).length >= 65536 // true
 */
export function trailingCommaDocument(size: number, seed: number): string {
  const rng = new Rng(seed);
  const items: string[] = [];
  let length = 2;
  while (length < size) {
    const item = writeJson(buildArtifact('review', rng), { indent: 2, defects: ['trailing_comma'], rate: 1 }, rng);
    items.push(item);
    length += item.length + 2;
  }
  return `[\n${items.join(',\n')},\n]`;
}
