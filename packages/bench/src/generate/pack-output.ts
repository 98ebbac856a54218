/**
 * The "pack" profile: records drawn from the fixtures of the shipped artifact
 * contracts (`packages/contracts/src/fixtures/<artifact>/<case>/input.txt`),
 * the raw model text of interview, PRD, beads, bead status, vote, relevant
 * files, test plan, setup and refinement outputs with the defects agents
 * really emit. Each record's text is one fixture input, byte for byte.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArtifactKind } from './build-artifact.js';
import type { GeneratedOutput, OutputKind } from './render-output.js';
import type { Rng } from './rng.js';

/** One fixture input of the pack. */
export interface PackFixture {
  /** `<artifact>/<case>`, e.g. `bead_completion_marker/clean`. */
  readonly name: string;
  readonly artifact: string;
  readonly text: string;
}

const FIXTURES_DIR = fileURLToPath(new URL('../../../contracts/src/fixtures/', import.meta.url));

/** The planning artifact of the default mix closest to a pack artifact (for per-artifact statistics). */
function closestKind(artifact: string): ArtifactKind {
  if (artifact.startsWith('interview') || artifact === 'resolved_interview_document') return 'interview';
  if (artifact.startsWith('prd')) return 'prd';
  if (artifact.startsWith('bead') || artifact === 'expanded_beads') return 'beads';
  return 'review';
}

let loaded: readonly PackFixture[] | null = null;

/**
 * Every fixture input of the pack, sorted by name (so a seed draws the same records on every machine).
 *
 * @example
 * packFixtures().length > 50 // true
 */
export function packFixtures(dir: string = FIXTURES_DIR): readonly PackFixture[] {
  if (dir === FIXTURES_DIR && loaded !== null) return loaded;
  const out: PackFixture[] = [];
  for (const artifact of readdirSync(dir).sort()) {
    for (const name of readdirSync(join(dir, artifact)).sort()) {
      out.push({ name: `${artifact}/${name}`, artifact, text: readFileSync(join(dir, artifact, name, 'input.txt'), 'utf8') });
    }
  }
  if (dir === FIXTURES_DIR) loaded = out;
  return out;
}

/**
 * Renders one output of the pack profile.
 *
 * @example
 * renderPackOutput(new Rng(1)).defects // ['bead_completion_marker/clean'] (the fixture it came from)
 */
export function renderPackOutput(rng: Rng): GeneratedOutput & { kind: OutputKind } {
  const fixture = rng.pick(packFixtures());
  const kind: OutputKind = fixture.text.trimStart().startsWith('{') || fixture.text.trimStart().startsWith('[') ? 'clean_json' : 'yaml_artifact';
  return { kind, artifact: closestKind(fixture.artifact), text: fixture.text, defects: [fixture.name] };
}
