import fc from 'fast-check';
import { LineCounter, parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { findDuplicateKey } from './find-duplicate-key.js';
import { loadYaml } from './load-yaml.js';
import { YAML_PARSE_OPTIONS } from './yaml-options.js';

/** What `yaml` itself says with its own (quadratic) unique-keys check. */
function yamlVerdict(text: string): { ok: boolean; error?: string; line?: number } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { ...YAML_PARSE_OPTIONS, lineCounter });
  const first = doc.errors[0];
  return first === undefined ? { ok: true } : { ok: false, error: first.message.split('\n')[0]!, line: lineCounter.linePos(first.pos[0]).line };
}

const line = fc
  .tuple(fc.constantFrom('', '  ', '    '), fc.constantFrom('', '- '), fc.constantFrom('a', 'b', '"a"', '1', "'1'", 'true', '~', '.nan', '? a'), fc.constantFrom(': 1', ': x', ':', ': {a: 1, a: 2}', ': [a, a]', ': @x', ''))
  .map(([pad, dash, key, rest]) => pad + dash + key + rest);

describe('findDuplicateKey', () => {
  it('finds the repeated key of a mapping, at any depth', () => {
    const doc = parseDocument('a: 1\nb: {c: 1, c: 2}', { uniqueKeys: false });
    expect(findDuplicateKey(doc.contents)).toBe(15);
    expect(findDuplicateKey(parseDocument('a: 1\n"1": x\n1: y', { uniqueKeys: false }).contents)).toBe(-1);
  });

  it("gives loadYaml the verdict of yaml's own unique-keys check", () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const text = lines.join('\n');
        const ours = loadYaml(text);
        const theirs = yamlVerdict(text);
        // The fast loader may accept where yaml does too; refusals must agree in wording and line.
        expect(ours.ok).toBe(theirs.ok);
        if (ours.ok || theirs.ok || ours.fastRefusal === true) return;
        // When the repeated key is the only fault, the wording is yaml's. With other faults too,
        // which comes first follows yaml's composition order, not the text's: only the verdict counts.
        if (parseDocument(text, { ...YAML_PARSE_OPTIONS, uniqueKeys: false }).errors.length > 0) return;
        expect(ours.error).toBe(theirs.error);
        // yaml places a duplicate where the pair's tokens start, which can be the end of the
        // line before the key (`- a:\n  a: 1`); we name the repeated key's own line.
        expect(ours.line! - theirs.line!).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
  });
});
