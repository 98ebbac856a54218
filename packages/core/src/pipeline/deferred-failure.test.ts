/**
 * A YAML candidate the fast loader refused is worded by `yaml` only when its
 * failure is the one reported: the reported message is still `yaml`'s own, and
 * nothing of the deferral (a function) leaks into the plain-data result.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParse } from './safe-parse.js';

const schema = z.object({ title: z.string(), status: z.enum(['todo', 'done']) });

describe('deferred failure messages', () => {
  it('reports yaml’s own error for a YAML candidate no repair could fix', () => {
    // A repair fires (the glued colon), then the deeper line is refused by the fast loader alone.
    const text = 'title:Fix it\nstatus: todo\n  extra: deeper than its mapping\n';
    const result = safeParse(text, schema);
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.failure).toBe('syntax');
    expect(result.interventions.map((i) => i.rule)).toContain('yaml_colon_space_inserted');
    expect(result.extractionError).toBe('YAML: Nested mappings are not allowed in compact mappings (line 2)');
    expect(result.extractionError).not.toMatch(/not YAML \(/);
  });

  it('returns plain data a worker can post (no deferred function left on the result)', () => {
    const result = safeParse('Sure:\n\nkey: value\n  bad: indent\n - x', schema);
    expect(() => structuredClone(result)).not.toThrow();
    expect(Object.values(result).some((v) => typeof v === 'function')).toBe(false);
  });
});
