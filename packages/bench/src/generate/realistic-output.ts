/**
 * The "realistic" profile: a mix shaped like real agent run logs rather than
 * the even mix of the default profile. Three kinds of record dominate them:
 * long transcripts (a conversation of prose turns before the artifact), big
 * clean JSON (a review with dozens of findings) and many small records (a
 * one-line verdict with no findings); the default mix fills the rest.
 */
import { buildArtifact, type JsonValue } from './build-artifact.js';
import { renderOutput, OUTPUT_MIX, type GeneratedOutput, type OutputKind } from './render-output.js';
import type { Rng } from './rng.js';
import { paragraph } from './vocabulary.js';

/** Share of records per shape, in percent (sums to 100). */
export const REALISTIC_MIX = { long_transcript: 12, big_clean_json: 8, small_record: 55, default_mix: 25 } as const;

type Shape = keyof typeof REALISTIC_MIX;

function longTranscript(rng: Rng): GeneratedOutput {
  const turns: string[] = [];
  for (let k = rng.int(8, 24); k > 0; k--) {
    const role = k % 2 === 0 ? '[user]' : '[assistant]';
    turns.push(`${role} ${paragraph(rng, 2, 8)}`);
  }
  const inner = renderOutput('transcript', rng);
  return { ...inner, text: `${turns.join('\n')}\n${inner.text}` };
}

function bigCleanJson(rng: Rng): GeneratedOutput {
  const review = buildArtifact('review', rng) as { issues: JsonValue[] } & Record<string, JsonValue>;
  const issues: JsonValue[] = [];
  for (let k = rng.int(30, 80); k > 0; k--) issues.push((buildArtifact('review', rng) as { issues: JsonValue[] }).issues[0] ?? { file: 'src/a.ts', severity: 'minor', message: paragraph(rng, 1, 2) });
  return { kind: 'clean_json', artifact: 'review', text: JSON.stringify({ ...review, issues }, null, 2), defects: [] };
}

function smallRecord(rng: Rng): GeneratedOutput {
  const verdict = { schema_version: 1, artifact: 'review', summary: paragraph(rng, 1, 1), verdict: 'approve', issues: [] };
  return { kind: 'clean_json', artifact: 'review', text: JSON.stringify(verdict), defects: [] };
}

/**
 * Renders one output of the realistic profile; `kind` is the closest default kind (for per-kind profiles).
 *
 * @example
 * renderRealisticOutput(new Rng(3)).text.length
 */
export function renderRealisticOutput(rng: Rng): GeneratedOutput & { kind: OutputKind } {
  const shape: Shape = rng.weighted(REALISTIC_MIX);
  switch (shape) {
    case 'long_transcript':
      return longTranscript(rng);
    case 'big_clean_json':
      return bigCleanJson(rng);
    case 'small_record':
      return smallRecord(rng);
    case 'default_mix':
      return renderOutput(rng.weighted(OUTPUT_MIX), rng);
  }
}
