import { describe, expect, it } from 'vitest';
import { exceedsYamlDepth, YAML_SAFE_DEPTH } from './exceeds-yaml-depth.js';
import { loadYaml } from './load-yaml.js';

/** `a:` lines, each one space deeper: `depth` nested mappings. */
function nestedMappings(depth: number): string {
  let text = '';
  for (let i = 0; i < depth; i++) text += `${' '.repeat(i)}a:\n`;
  return `${text}${' '.repeat(depth)}x`;
}

describe('exceedsYamlDepth', () => {
  it('refuses flow nesting past the safe depth and accepts it at the depth', () => {
    // The line itself counts as a level: an upper bound may over-count by one.
    expect(exceedsYamlDepth('['.repeat(YAML_SAFE_DEPTH - 1) + ']'.repeat(YAML_SAFE_DEPTH - 1))).toBe(false);
    expect(exceedsYamlDepth('['.repeat(YAML_SAFE_DEPTH + 1))).toBe(true);
  });

  it('counts indentation levels, not columns', () => {
    // Eight spaces a level: 100 levels is 800 columns, still 100 levels.
    let wide = '';
    for (let i = 0; i < 100; i++) wide += `${' '.repeat(8 * i)}a:\n`;
    expect(exceedsYamlDepth(wide, 101)).toBe(false);
    expect(exceedsYamlDepth(wide, 99)).toBe(true);
  });

  it('refuses compact sequence and block nesting past maxDepth', () => {
    expect(exceedsYamlDepth(`${'- '.repeat(YAML_SAFE_DEPTH + 1)}x`)).toBe(true);
    expect(exceedsYamlDepth(`${'- '.repeat(10)}x`, 10)).toBe(true);
    expect(exceedsYamlDepth(`${'- '.repeat(9)}x`, 10)).toBe(false);
    expect(exceedsYamlDepth(nestedMappings(YAML_SAFE_DEPTH + 1))).toBe(true);
    expect(exceedsYamlDepth('a:\n  - b: [1, {c: 2}]\n  - "[[["')).toBe(false);
  });

  it('keeps loadYaml alive on repeated pathological input (no fatal V8 error)', () => {
    const text = '['.repeat(20_000) + ']'.repeat(20_000);
    for (let k = 0; k < 5; k++) expect(loadYaml(text).ok).toBe(false);
    expect(loadYaml(`${'- '.repeat(100_000)}x`).ok).toBe(false);
  });
});
