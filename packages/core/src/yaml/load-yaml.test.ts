import { describe, expect, it } from 'vitest';
import { loadYaml, loadWithYaml, MAX_YAML_LIBRARY_LENGTH } from './load-yaml.js';

describe('loadYaml: the size yaml may parse', () => {
  it('leaves a text past MAX_YAML_LIBRARY_LENGTH to the fast loader alone, naming why it declined', () => {
    // An anchor makes the fast loader decline; `yaml` would take gigabytes for a flow list this long.
    const text = `x: &y [${'a, '.repeat(Math.ceil(MAX_YAML_LIBRARY_LENGTH / 3))}a]`;
    const result = loadYaml(text);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^The YAML is \d+ characters long: past 4194304 only the fast loader reads YAML, and it declined this text \(anchor\)\.$/);
  });

  it('still reads a long text the fast loader accepts, and a short one only yaml reads', () => {
    const long = Array.from({ length: MAX_YAML_LIBRARY_LENGTH / 8 }, (_, i) => `k${i}: v`).join('\n');
    expect(long.length).toBeGreaterThan(MAX_YAML_LIBRARY_LENGTH);
    expect(loadYaml(long).ok).toBe(true);
    expect(loadWithYaml('a: &x 1\nb: *x')).toEqual({ ok: true, value: { a: 1, b: 1 } });
  });
});
