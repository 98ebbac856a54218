import { describe, expect, it } from 'vitest';
import { depthMessage, exceedsDepth } from '../nesting-depth.js';
import { loadYamlFast } from './fast/load-yaml-fast.js';
import { FAST_YAML_MAX_DEPTH } from './fast/yaml-lines.js';
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

describe('loadYaml: the nesting bound on fast-loaded values', () => {
  /** `depth` block sequences, one inside the next: `- - - x`. */
  const nested = (depth: number) => '- '.repeat(depth) + 'x\n';

  it('gets values from the fast loader at most FAST_YAML_MAX_DEPTH deep, the bound under which loadYaml skips its walk', () => {
    const loaded = loadYaml(nested(FAST_YAML_MAX_DEPTH));
    expect(loaded.ok).toBe(true);
    expect(loaded.ok && exceedsDepth(loaded.value, FAST_YAML_MAX_DEPTH)).toBe(false);
    expect(loaded.ok && exceedsDepth(loaded.value, FAST_YAML_MAX_DEPTH - 1)).toBe(true);
  });

  it('still refuses a fast-loaded value deeper than a bound below the fast loader\'s own', () => {
    expect(loadYamlFast(nested(20)).ok).toBe(true);
    expect(loadYaml(nested(20), false, 19)).toEqual({ ok: false, error: depthMessage(19) });
    expect(loadYaml(nested(20), false, 20).ok).toBe(true);
  });

  it('leaves values deeper than the fast loader reads to yaml and the walk', () => {
    expect(loadYamlFast(nested(FAST_YAML_MAX_DEPTH + 1))).toMatchObject({ ok: false, reason: 'too_deep' });
    // Flow collections count on from the block nesting they sit in.
    const flow = '- '.repeat(FAST_YAML_MAX_DEPTH - 3) + '[[[[x]]]]\n';
    expect(loadYamlFast(flow)).toMatchObject({ ok: false, reason: 'too_deep' });
    expect(loadYamlFast(flow.replace('[[[[x]]]]', '[[[x]]]')).ok).toBe(true);
    expect(loadYaml(nested(FAST_YAML_MAX_DEPTH + 1)).ok).toBe(true);
    expect(loadYaml(nested(FAST_YAML_MAX_DEPTH + 1), false, FAST_YAML_MAX_DEPTH)).toEqual({ ok: false, error: depthMessage(FAST_YAML_MAX_DEPTH) });
  });
});
