import { describe, expect, it } from 'vitest';
import { exceedsYamlDepth, MAX_YAML_FLOW_DEPTH, MAX_YAML_INDENT } from './exceeds-yaml-depth.js';
import { loadYaml } from './load-yaml.js';

describe('exceedsYamlDepth', () => {
  it('refuses flow nesting past the limit and accepts it at the limit', () => {
    expect(exceedsYamlDepth('['.repeat(MAX_YAML_FLOW_DEPTH) + ']'.repeat(MAX_YAML_FLOW_DEPTH))).toBe(false);
    expect(exceedsYamlDepth('['.repeat(MAX_YAML_FLOW_DEPTH + 1))).toBe(true);
  });

  it('refuses compact sequence and indentation nesting past the limit', () => {
    expect(exceedsYamlDepth(`${'- '.repeat(MAX_YAML_INDENT)}x`)).toBe(true);
    expect(exceedsYamlDepth(`a:\n${' '.repeat(MAX_YAML_INDENT + 1)}b: 1`)).toBe(true);
    expect(exceedsYamlDepth('a:\n  - b: [1, {c: 2}]\n  - "[[["')).toBe(false);
  });

  it('keeps loadYaml alive on repeated pathological input (no fatal V8 error)', () => {
    const text = '['.repeat(20_000) + ']'.repeat(20_000);
    for (let k = 0; k < 5; k++) expect(loadYaml(text).ok).toBe(false);
  });
});
