/**
 * The fuzz harness's inputs: random strings over a JSON/YAML/Markdown-heavy
 * alphabet, structure-biased texts built from the adversarial families that
 * once made the pipeline super-linear, and real generated run-log outputs with
 * a few mutations each. Input `i` of seed `s` is always the same text, so an
 * offender is reproducible from its index alone.
 */
import { Rng } from '../generate/rng.js';
import { OUTPUT_MIX, renderOutput } from '../generate/render-output.js';

export type InputFamily = 'random' | 'structured' | 'mutated';

/** One fuzz input. */
export interface FuzzInput {
  index: number;
  family: InputFamily;
  text: string;
}

const ALPHABET = [
  ...'{}[]":,\n\n\n  -#<>/`\'\t|>!&*?%@\\.0123456789',
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_',
  '\u001b', '\u0000', '\r', '\u00e9', '\u2028', '\ufeff', '\ud83d\ude00', '\ud800', 'null', 'true', '1e309', '__proto__', 'constructor',
];

const TOKENS = [
  '<T>', '<K, V>', '<OUTPUT>', '</OUTPUT>', '<FINAL_ANSWER>', '```json\n', '```\n', '```yaml\n', ': ', ':', ' - ', '- - - a:', '\t', '\n', '  ',
  'key: value: with: many: colons', 'status: todo: now', '"__proto__": {"polluted": 1}', '__proto__:\n  polluted: 1', 'constructor:\n  prototype:\n    polluted: 1',
  '{', '}', '[', ']', '"', "'", '&a', '*a', '!!str', '|', '>-', '#', '\\u0000', '\\', ',', 'null', '-1.5e3', '[assistant] ', '\u001b[31m', '[200~',
];

/** Per-family line makers for the structure-biased inputs (the bench's adversarial families and their relatives). */
const LINES: readonly ((rng: Rng, i: number) => string)[] = [
  () => 'title: fix <T> now',
  (_, i) => `  - id: T${i}\n    title: Update <T> handler\n    status: todo: now`,
  () => 'key: value: with: many: colons',
  () => '- - - a:',
  (_, i) => `  - id: T${i}\n    title: Update <T> handler\n    status: todo`,
  (rng) => `<${rng.pick(['OUTPUT', 'RESULT', 'REVIEW', 'A1', 'T'])}>`,
  (rng, i) => `${' '.repeat(rng.int(0, 12))}${rng.pick(['-', 'k' + i + ':', '- k:', '? k', '"q":', 'x'])} ${rng.pick(['v', '', '[1, 2', '{a: 1}', '|', '"open', "'it''s'"])}`,
  (rng) => `${'['.repeat(rng.int(1, 40))}1${']'.repeat(rng.int(0, 40))}`,
  (rng) => `{"a": ${'{"a": '.repeat(rng.int(1, 40))}1${'}'.repeat(rng.int(0, 41))}`,
];

function randomText(rng: Rng): string {
  const length = rng.chance(0.8) ? rng.int(0, 200) : rng.int(200, 20_000);
  let out = '';
  while (out.length < length) out += rng.chance(0.1) ? rng.pick(TOKENS) : rng.pick(ALPHABET);
  return out;
}

function structuredText(rng: Rng): string {
  const size = rng.chance(0.7) ? rng.int(50, 4_000) : rng.int(4_000, 64_000);
  const makers = rng.sample(LINES, rng.int(1, 3));
  let out = rng.chance(0.3) ? 'tasks:\n' : rng.chance(0.2) ? '```yaml\n' : '';
  for (let i = 0; out.length < size; i++) {
    out += rng.pick(makers)(rng, i) + '\n';
    if (rng.chance(0.002)) out += '\t  bad: tab\n';
  }
  if (rng.chance(0.3)) out += '\t  bad: tab\n';
  if (rng.chance(0.1)) {
    const depth = rng.int(100, 5_000);
    out += rng.chance(0.5) ? '['.repeat(depth) + ']'.repeat(depth) : '- '.repeat(depth) + 'x\n';
  }
  return out;
}

/** Applies one mutation at a random place. */
function mutate(text: string, rng: Rng): string {
  const at = rng.int(0, text.length);
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  switch (rng.int(0, 9)) {
    case 0:
      return text.slice(0, lineStart) + '\t' + text.slice(lineStart);
    case 1:
      return text.slice(0, at) + rng.pick(TOKENS) + text.slice(at);
    case 2:
      return text.slice(0, at) + rng.pick(ALPHABET) + text.slice(at);
    case 3:
      return text.slice(0, at) + text.slice(Math.min(text.length, at + rng.int(1, 200)));
    case 4: {
      const end = Math.min(text.length, at + rng.int(1, 400));
      return text.slice(0, end) + text.slice(at, end).repeat(rng.int(1, 20)) + text.slice(end);
    }
    case 5:
      return text.slice(0, at);
    case 6:
      return text.replace(/: /g, rng.chance(0.5) ? ':' : ': : ');
    case 7: {
      const lines = text.split('\n');
      const i = rng.int(0, lines.length - 1);
      const j = rng.int(0, lines.length - 1);
      [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      return lines.join('\n');
    }
    case 8: {
      const lineEnd = text.indexOf('\n', at);
      const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
      return text.slice(0, lineStart) + `${line}\n`.repeat(rng.int(2, 500)) + text.slice(lineStart);
    }
    default:
      return text.slice(0, lineStart) + ' '.repeat(rng.int(1, 6)) + text.slice(lineStart);
  }
}

function mutatedText(rng: Rng): string {
  let text = renderOutput(rng.weighted(OUTPUT_MIX), rng).text;
  const count = rng.int(1, 4);
  for (let k = 0; k < count; k++) text = mutate(text, rng);
  return text;
}

/**
 * Input `index` of a run seeded with `seed`: 30 % random, 30 % structure-biased, 40 % mutated.
 *
 * @example
 * fuzzInput(7, 0).text === fuzzInput(7, 0).text // true: reproducible from the index
 */
export function fuzzInput(seed: number, index: number): FuzzInput {
  const rng = new Rng((Math.imul(seed, 0x9e3779b1) ^ index) >>> 0);
  const roll = rng.next();
  const family: InputFamily = roll < 0.3 ? 'random' : roll < 0.6 ? 'structured' : 'mutated';
  const text = family === 'random' ? randomText(rng) : family === 'structured' ? structuredText(rng) : mutatedText(rng);
  return { index, family, text };
}
