/**
 * The output mix of a generated run log: which kinds of model output appear,
 * how often, and how each is rendered. The percentages are documented in the
 * package README; change both together.
 */
import { buildArtifact, type ArtifactKind, type JsonValue } from './build-artifact.js';
import type { Rng } from './rng.js';
import { LEADS, TAGS, TRAILS, paragraph } from './vocabulary.js';
import { JSON_DEFECTS, writeJson } from './write-json.js';
import { breakYaml, writeYaml } from './write-yaml.js';

export const OUTPUT_KINDS = [
  'clean_json',
  'fenced_json',
  'tagged',
  'yaml_artifact',
  'yaml_defective',
  'defective_json',
  'wrapped',
  'ansi_noise',
  'transcript',
  'truncated',
  'prose_only',
] as const;
export type OutputKind = (typeof OUTPUT_KINDS)[number];

/** Share of records of each kind, in percent (sums to 100). */
export const OUTPUT_MIX: Readonly<Record<OutputKind, number>> = {
  clean_json: 20,
  fenced_json: 16,
  tagged: 8,
  yaml_artifact: 8,
  yaml_defective: 2,
  defective_json: 20,
  wrapped: 6,
  ansi_noise: 6,
  transcript: 6,
  truncated: 5,
  prose_only: 3,
};

/** One generated model output and what went into it. */
export interface GeneratedOutput {
  kind: OutputKind;
  /** The artifact inside, or null for prose-only output. */
  artifact: ArtifactKind | null;
  text: string;
  /** Defects written into the artifact (JSON or YAML defect names, or 'truncated'). */
  defects: string[];
}

const YAML_ARTIFACTS: readonly ArtifactKind[] = ['interview', 'prd', 'beads'];

function jsonArtifact(rng: Rng): ArtifactKind {
  return rng.chance(0.7) ? 'review' : rng.pick(YAML_ARTIFACTS);
}

function fence(rng: Rng, info: string, body: string): string {
  const end = body.endsWith('\n') ? '' : '\n';
  return `${rng.pick(LEADS)}\n\n\`\`\`${info}\n${body}${end}\`\`\`\n\n${rng.pick(TRAILS)}`.trimEnd();
}

function prettyJson(value: JsonValue, rng: Rng): string {
  return writeJson(value, { indent: rng.chance(0.75) ? 2 : 0 }, rng);
}

/** Renders the artifact-bearing kinds; `truncated` and `transcript` reuse them. */
function renderPlain(kind: OutputKind, rng: Rng): GeneratedOutput {
  switch (kind) {
    case 'clean_json': {
      const artifact = jsonArtifact(rng);
      return { kind, artifact, text: prettyJson(buildArtifact(artifact, rng), rng), defects: [] };
    }
    case 'fenced_json': {
      const artifact = jsonArtifact(rng);
      const json = prettyJson(buildArtifact(artifact, rng), rng);
      return { kind, artifact, text: fence(rng, rng.chance(0.85) ? 'json' : '', json), defects: [] };
    }
    case 'tagged': {
      const artifact = jsonArtifact(rng);
      const tag = rng.pick(TAGS);
      const json = prettyJson(buildArtifact(artifact, rng), rng);
      return { kind, artifact, text: `${rng.pick(LEADS)}\n<${tag}>\n${json}\n</${tag}>\n${rng.pick(TRAILS)}`.trimEnd(), defects: [] };
    }
    case 'yaml_artifact':
    case 'yaml_defective': {
      const artifact = rng.pick(YAML_ARTIFACTS);
      let yaml = writeYaml(buildArtifact(artifact, rng));
      let defects: string[] = [];
      if (kind === 'yaml_defective') ({ text: yaml, defects } = breakYaml(yaml, rng));
      return { kind, artifact, text: fence(rng, rng.chance(0.9) ? 'yaml' : 'yml', yaml), defects };
    }
    case 'defective_json': {
      const artifact = jsonArtifact(rng);
      const defects = rng.sample(JSON_DEFECTS, rng.int(1, 3));
      const json = writeJson(buildArtifact(artifact, rng), { indent: rng.chance(0.7) ? 2 : 0, defects }, rng);
      return { kind, artifact, text: rng.chance(0.5) ? fence(rng, 'json', json) : json, defects: [...defects] };
    }
    case 'wrapped': {
      const artifact = jsonArtifact(rng);
      const key = rng.pick(['output', 'result', 'data', 'response']);
      const json = prettyJson({ [key]: buildArtifact(artifact, rng) }, rng);
      return { kind, artifact, text: rng.chance(0.3) ? fence(rng, 'json', json) : json, defects: [] };
    }
    case 'ansi_noise': {
      const artifact = jsonArtifact(rng);
      const json = prettyJson(buildArtifact(artifact, rng), rng);
      const head = `\u001b[1m\u001b[32m✔\u001b[0m ${rng.pick(LEADS)}\n`;
      const tail = rng.pick(['\u001b[2K\u001b[1G\u001b[?25h', '\u001b]0;agent: done\u0007', '\r\u001b[K\u001b[0m', '[201~']);
      return { kind, artifact, text: `${rng.chance(0.5) ? head : ''}${json}\n${tail}`, defects: [] };
    }
    case 'transcript':
    case 'truncated':
    case 'prose_only':
      return { kind, artifact: null, text: paragraph(rng, 2, 5), defects: [] };
  }
}

/**
 * Renders one model output of the given kind.
 *
 * @example
 * renderOutput('fenced_json', new Rng(7)).text // 'Sure! Below is …\n\n```json\n{ … }\n```'
 */
export function renderOutput(kind: OutputKind, rng: Rng): GeneratedOutput {
  if (kind === 'transcript') {
    const inner = renderPlain(rng.pick(['clean_json', 'fenced_json', 'yaml_artifact'] as const), rng);
    const role = rng.chance(0.8) ? 'assistant' : 'assistant/worker-1';
    const lines = inner.text.split('\n').map((line) => `[${role}] ${line}`);
    return { kind, artifact: inner.artifact, text: `[user] ${rng.pick(['Review the diff.', 'Continue.', 'Write the artifact now.'])}\n${lines.join('\n')}`, defects: [] };
  }
  if (kind === 'truncated') {
    const inner = renderPlain(rng.pick(['clean_json', 'fenced_json', 'yaml_artifact'] as const), rng);
    const cut = Math.floor(inner.text.length * (0.5 + rng.next() * 0.45));
    return { kind, artifact: inner.artifact, text: inner.text.slice(0, cut), defects: ['truncated'] };
  }
  return renderPlain(kind, rng);
}
