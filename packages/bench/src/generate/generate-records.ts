/**
 * The endless, seeded stream of run-log records. A log of any size is a prefix
 * of this stream, so a 1 MB log is the start of the 1 GB log of the same seed.
 */
import type { ArtifactKind } from './build-artifact.js';
import { renderPackOutput } from './pack-output.js';
import { renderRealisticOutput } from './realistic-output.js';
import { OUTPUT_MIX, renderOutput, type OutputKind } from './render-output.js';
import { Rng } from './rng.js';
import { AGENTS } from './vocabulary.js';

/** One line of a run log. */
export interface RunLogRecord {
  id: string;
  agent: string;
  ts: string;
  output: string;
}

/** A record plus what the generator put in it (never written to the log). */
export interface GeneratedRecord {
  record: RunLogRecord;
  kind: OutputKind;
  artifact: ArtifactKind | null;
  defects: string[];
}

const AGENT_OF: Record<ArtifactKind, readonly string[]> = {
  review: ['reviewer', 'auditor'],
  interview: ['interviewer'],
  prd: ['prd-writer', 'planner'],
  beads: ['bead-splitter', 'planner'],
};

const START_MS = Date.UTC(2025, 0, 1);

/** Which mix a log draws from: the even default mix, one shaped like real run logs, or the shipped contracts' fixtures. */
export type LogProfile = 'default' | 'realistic' | 'pack';

function renderProfile(profile: LogProfile, rng: Rng) {
  if (profile === 'realistic') return renderRealisticOutput(rng);
  if (profile === 'pack') return renderPackOutput(rng);
  return renderOutput(rng.weighted(OUTPUT_MIX), rng);
}

/**
 * Yields records forever; stop when you have enough.
 *
 * @example
 * const first = generateRecords(1).next().value; // { record: { id: 'run-1-00000000', … }, kind: … }
 */
export function* generateRecords(seed: number, profile: LogProfile = 'default'): Generator<GeneratedRecord, never, undefined> {
  const rng = new Rng(seed);
  let clock = START_MS;
  for (let n = 0; ; n++) {
    const out = renderProfile(profile, rng);
    const kind = out.kind;
    clock += rng.int(1, 90) * 1000;
    const agent = out.artifact === null ? rng.pick(AGENTS) : rng.pick(AGENT_OF[out.artifact]);
    yield {
      record: { id: `run-${seed}-${String(n).padStart(8, '0')}`, agent, ts: new Date(clock).toISOString(), output: out.text },
      kind,
      artifact: out.artifact,
      defects: out.defects,
    };
  }
}
