import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParse } from '../index.js';

const Interview = z.object({
  artifact: z.literal('interview'),
  questions: z.array(z.object({ id: z.string(), phase: z.string(), question: z.string() })),
});

describe('YAML through safeParse', () => {
  it('takes a clean YAML fence out of prose with no YAML repair', () => {
    const raw = 'Here is the batch:\n\n```yaml\nartifact: interview\nquestions:\n  - id: Q01\n    phase: foundation\n    question: Which database?\n```\nLet me know!';
    const result = safeParse(raw, Interview);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.candidate.format).toBe('yaml');
    expect(result.data.questions[0]!.id).toBe('Q01');
    expect(result.interventions.map((i) => i.rule)).toEqual(['candidate_recovered']);
  });

  it('repairs a defective YAML fence and rebases spans onto the raw text', () => {
    const raw = 'Sure:\n```yaml\nartifact:interview\nquestions: - id: Q01\n             phase: foundation\n             question: `repo_git_mutex` behavior?\n```\n';
    const result = safeParse(raw, Interview);
    expect(result.success).toBe(true);
    if (!result.success) return;
    expect(result.data.questions[0]!.question).toBe('`repo_git_mutex` behavior?');
    const rules = result.interventions.map((i) => i.rule);
    expect(rules).toEqual(expect.arrayContaining(['yaml_inline_sequence_parent', 'yaml_colon_space_inserted']));
    for (const i of result.interventions.filter((x) => x.rule === 'yaml_inline_sequence_parent' || x.rule === 'yaml_colon_space_inserted')) {
      // These repairs are the first to touch their lines, so the raw excerpt is exactly `before`.
      expect(raw.slice(i.span![0], i.span![1])).toBe(i.before);
    }
    // A later repair on a line an earlier one split still points at the emitted line it came from.
    const reserved = result.interventions.find((i) => i.rule === 'yaml_reserved_indicator_quoted')!;
    expect(raw.slice(reserved.span![0], reserved.span![1])).toContain('`repo_git_mutex` behavior?');
    const colon = result.interventions.find((i) => i.rule === 'yaml_colon_space_inserted')!;
    expect(raw.slice(colon.span![0], colon.span![1])).toBe('artifact:interview');
  });

  it('reports a prose-only answer as no_candidate', () => {
    const result = safeParse('I could not produce the artifact, sorry.', Interview);
    expect(result.success ? 'ok' : result.failure).toBe('no_candidate');
  });
});
