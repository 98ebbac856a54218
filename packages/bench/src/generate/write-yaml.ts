/**
 * YAML artifacts as models write them: block style, long lines unfolded,
 * multi-line text as literal blocks; and the characteristic breakages of
 * seed 001 ("YAML Structural Repairs"), applied line by line.
 */
import { stringify } from 'yaml';
import type { JsonValue } from './build-artifact.js';
import type { Rng } from './rng.js';

export const YAML_DEFECTS = [
  'missing_space_after_colon',
  'missing_space_after_dash',
  'colon_in_scalar',
  'inner_double_quotes',
  'sequence_indent_drift',
] as const;
export type YamlDefect = (typeof YAML_DEFECTS)[number];

/**
 * Clean YAML for a value.
 *
 * @example
 * writeYaml({ a: [1, 'x'] }) // 'a:\n  - 1\n  - x\n'
 */
export function writeYaml(value: JsonValue): string {
  return stringify(value, { lineWidth: 0, indentSeq: true });
}

const KEY_VALUE = /^(\s*(?:- )?)([A-Za-z_]+): ([A-Za-z][^"'#:|>]*)$/;
const DASH_ITEM = /^(\s*)- ([A-Za-z][^:]*)$/;
const NESTED_DASH = /^(\s{2,})- /;

type LineEdit = (line: string) => string | null;

const EDITS: Record<YamlDefect, LineEdit> = {
  missing_space_after_colon: (line) => {
    const m = KEY_VALUE.exec(line);
    return m ? `${m[1]}${m[2]}:${m[3]}` : null;
  },
  missing_space_after_dash: (line) => {
    const m = DASH_ITEM.exec(line);
    return m ? `${m[1]}-${m[2]}` : null;
  },
  colon_in_scalar: (line) => {
    const m = KEY_VALUE.exec(line);
    return m && m[3]!.includes(' ') ? `${m[1]}${m[2]}: ${m[3]!.replace(' ', ': ')}` : null;
  },
  inner_double_quotes: (line) => {
    const m = KEY_VALUE.exec(line);
    if (!m || !m[3]!.includes(' ')) return null;
    const words = m[3]!.split(' ');
    words[1] = `"${words[1]}"`;
    return `${m[1]}${m[2]}: "${words.join(' ')}"`;
  },
  sequence_indent_drift: (line) => (NESTED_DASH.test(line) ? ` ${line}` : null),
};

/**
 * Applies 1–2 defects to clean YAML, each on one random eligible line.
 * Returns the defects actually applied (a defect with no eligible line is skipped).
 *
 * @example
 * breakYaml('title: Fix login\n', new Rng(3)) // { text: 'title:Fix login\n', defects: ['missing_space_after_colon'] }
 */
export function breakYaml(text: string, rng: Rng): { text: string; defects: YamlDefect[] } {
  const lines = text.split('\n');
  const applied: YamlDefect[] = [];
  for (const defect of rng.sample(YAML_DEFECTS, rng.int(1, 2))) {
    const edit = EDITS[defect];
    const eligible: number[] = [];
    lines.forEach((line, index) => {
      if (edit(line) !== null) eligible.push(index);
    });
    if (eligible.length === 0) continue;
    const index = rng.pick(eligible);
    lines[index] = edit(lines[index]!)!;
    applied.push(defect);
  }
  return { text: lines.join('\n'), defects: applied };
}
