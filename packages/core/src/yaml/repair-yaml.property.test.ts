import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseYamlCandidate } from './parse-yaml-candidate.js';
import { repairYaml } from './repair-yaml.js';
import { resolveYamlHints } from './resolve-yaml-hints.js';
import { toLines } from './line-table.js';
import { loadYaml } from './load-yaml.js';
import { rawCandidate } from './test-support/yaml-fixtures.js';

/**
 * Keys the repairs care about, plus ordinary ones. `free_text` is left out
 * here: rule 9 turns a non-string free_text into a string by design; the
 * string case has its own property below.
 */
const key = fc.constantFrom('id', 'title', 'generated_by', 'winner_model', 'progress', 'current', 'beads', 'files', 'path', 'answered_by', 'options', 'Draft 1', 'draft_scores', 'notes', 'type');
/** Text with the characters the repairs react to: colons, quotes, backslashes, pipes, indicators, line breaks. */
const text = fc
  .array(fc.constantFrom('a', 'Word', ' ', ': ', ':', '"', "'", '\\', '\\p', '|', '@', '`', '#', ' #', '- ', '-', '\n', 'true', '12', '<x>', '```', '  '), { maxLength: 12 })
  .map((parts) => parts.join(''));
const leaf = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('map'), tie('list')),
  map: fc.dictionary(key, tie('node'), { maxKeys: 5 }),
  list: fc.array(tie('node'), { maxLength: 4 }),
})).map;
const layouts = fc.record({ indent: fc.constantFrom(2, 4), indentSeq: fc.boolean() });
const context = { hints: resolveYamlHints(undefined) };

describe('YAML repairs on valid YAML', () => {
  it('the YAML path returns a valid document unchanged, with zero interventions', () => {
    fc.assert(
      fc.property(value, layouts, (v, layout) => {
        const yaml = stringify(v, { ...layout });
        const outcome = parseYamlCandidate(rawCandidate(yaml), {});
        expect(outcome.ok && outcome.interventions).toEqual([]);
        if (outcome.ok) expect(outcome.value).toEqual(loadYaml(yaml).ok ? (loadYaml(yaml) as { value: unknown }).value : undefined);
      }),
      { numRuns: 300 },
    );
  });

  it('every repair rule leaves canonical YAML alone, even when run without the parse gate', () => {
    fc.assert(
      fc.property(value, layouts, (v, layout) => {
        const yaml = stringify(v, { ...layout });
        const run = repairYaml(toLines(yaml), context);
        expect(run.interventions).toEqual([]);
        expect(run.text).toBe(yaml);
      }),
      { numRuns: 300 },
    );
  });

  it('a free_text string in canonical YAML is left alone', () => {
    fc.assert(
      fc.property(text, layouts, (t, layout) => {
        const yaml = stringify({ answer: { free_text: t, answered_by: 'user' } }, { ...layout });
        expect(repairYaml(toLines(yaml), context).interventions).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
