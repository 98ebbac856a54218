/**
 * Fixed sets of bare documents for the micro suites, drawn from the same
 * builders as the run logs: clean and defective JSON, clean and defective
 * YAML artifacts. `values` holds the source value of each document, so a
 * repair can be checked against what was meant.
 */
import { buildArtifact, type ArtifactKind, type JsonValue } from './build-artifact.js';
import { Rng } from './rng.js';
import { JSON_DEFECTS, writeJson } from './write-json.js';
import { breakYaml, writeYaml } from './write-yaml.js';

export type SampleKind = 'clean_json' | 'defective_json' | 'clean_yaml' | 'defective_yaml';

export interface SampleSet {
  kind: SampleKind;
  texts: string[];
  values: JsonValue[];
  defects: string[][];
  /** Total UTF-8 bytes of `texts`. */
  bytes: number;
}

const YAML_KINDS: readonly ArtifactKind[] = ['interview', 'prd', 'beads'];
const JSON_KINDS: readonly ArtifactKind[] = ['review', 'review', 'review', 'interview', 'prd', 'beads'];

function one(kind: SampleKind, rng: Rng): { text: string; value: JsonValue; defects: string[] } | null {
  if (kind === 'clean_json' || kind === 'defective_json') {
    const value = buildArtifact(rng.pick(JSON_KINDS), rng);
    const defects = kind === 'defective_json' ? rng.sample(JSON_DEFECTS, rng.int(1, 3)) : [];
    return { text: writeJson(value, { indent: rng.chance(0.7) ? 2 : 0, defects }, rng), value, defects: [...defects] };
  }
  const value = buildArtifact(rng.pick(YAML_KINDS), rng);
  const clean = writeYaml(value);
  if (kind === 'clean_yaml') return { text: clean, value, defects: [] };
  const broken = breakYaml(clean, rng);
  return broken.defects.length === 0 ? null : { text: broken.text, value, defects: broken.defects };
}

/**
 * `count` documents of one kind, deterministic for a seed.
 *
 * @example
 * sampleDocuments('defective_json', 50, 1).texts.length // 50
 */
export function sampleDocuments(kind: SampleKind, count: number, seed: number): SampleSet {
  const rng = new Rng(seed);
  const set: SampleSet = { kind, texts: [], values: [], defects: [], bytes: 0 };
  while (set.texts.length < count) {
    const doc = one(kind, rng);
    if (doc === null) continue;
    set.texts.push(doc.text);
    set.values.push(doc.value);
    set.defects.push(doc.defects);
    set.bytes += Buffer.byteLength(doc.text);
  }
  return set;
}
