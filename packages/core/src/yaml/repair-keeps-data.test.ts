/**
 * No repair loses data: over every YAML repair fixture that parses, each word
 * of each scalar of the input is in the parsed value or in the `before` of an
 * intervention that records a drop; and a key a structural repair moved is
 * never stripped by the extras policy afterwards (the output is refused
 * instead).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParse } from '../pipeline/safe-parse.js';
import { defineContract } from '../contract/define-contract.js';
import { parseYamlCandidate } from './parse-yaml-candidate.js';
import { scalarWords, valueWords } from './test-support/input-words.js';
import { hintContract, loadYamlFixtures, rawCandidate } from './test-support/yaml-fixtures.js';

const fixtures = loadYamlFixtures(fileURLToPath(new URL('./fixtures', import.meta.url))).filter((f) => f.expected.failure === undefined);

describe('YAML repairs keep every scalar', () => {
  it.each(fixtures.map((f) => [`${f.rule}/${f.name}`, f] as const))('%s', (_label, fixture) => {
    const outcome = parseYamlCandidate(rawCandidate(fixture.input), { mode: 'repair', contract: hintContract(fixture.expected.contract) });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const kept = valueWords(outcome.value);
    const dropped = new Set(outcome.interventions.filter((i) => i.category === 'dropped' || i.category === 'cleanup').flatMap((i) => scalarWords(i.before ?? '')));
    const lost = scalarWords(fixture.input).filter((w) => !kept.has(w) && !dropped.has(w));
    expect(lost).toEqual([]);
  });
});

describe('a key a repair moved is not stripped', () => {
  const answer = defineContract({
    name: 'answers',
    schema: z.object({ questions: z.array(z.object({ id: z.string(), answer: z.object({ free_text: z.string() }) })) }),
  });
  // `answered_by` one column too deep: the sibling repair moves it to the item, which does not declare it.
  const text = 'questions:\n  - id: Q01\n     answered_by: ai_skip\n    answer:\n      free_text: yes please\n';

  it('refuses, naming the key, instead of dropping what the repair moved', () => {
    const result = safeParse(text, answer);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.interventions.map((i) => i.rule)).toContain('yaml_sibling_indent');
    expect(JSON.stringify(result.validationErrors)).toContain('answered_by');
    expect(result.interventions.some((i) => i.rule === 'extra_key_stripped')).toBe(false);
  });

  it('still strips an undeclared key no repair touched', () => {
    const result = safeParse('questions:\n  - id: Q01\n    answer:\n      free_text: "yes"\n    answered_by: ai_skip\n', answer);
    expect(result.success && result.interventions.map((i) => i.rule)).toEqual(['extra_key_stripped']);
  });
});
