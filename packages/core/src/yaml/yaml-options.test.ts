import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadYaml } from './load-yaml.js';

afterEach(() => vi.restoreAllMocks());

describe('YAML_PARSE_OPTIONS', () => {
  it('keeps yaml from emitting process warnings (they would reach the terminal)', () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    // A mapping with a collection as key: yaml stringifies it and, by default, warns.
    loadYaml('a:\n  ? [x, y]\n  : 1\n');
    expect(warn).not.toHaveBeenCalled();
  });
});
