import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineContract } from '../contract/define-contract.js';
import { toContract } from '../contract/contract.js';
import { safeParse } from '../pipeline/safe-parse.js';
import { detectPromptEcho, startsWithRootKey } from './detect-prompt-echo.js';

const prd = toContract(z.object({ schema_version: z.number(), title: z.string() }));
/** The same artifact with its prompt's own section headings as schema markers, as a shipped contract names them. */
const ticketPrd = defineContract({
  name: 'ticket-prd',
  schema: z.object({ schema_version: z.number(), title: z.string() }),
  promptEcho: { schema: ['## Expected Output Format', '### ticket_details', '# Ticket:'] },
});

describe('detectPromptEcho', () => {
  it('flags a hard marker with a soft marker', () => {
    const echo = detectPromptEcho('CRITICAL OUTPUT RULE: answer in YAML only.\n## Task\nWrite the PRD.', prd);
    expect(echo?.kind).toBe('markers');
    expect(echo?.markers).toEqual(['CRITICAL OUTPUT RULE:', '## Task']);
  });

  it('needs a soft marker besides the hard ones', () => {
    expect(detectPromptEcho('CRITICAL OUTPUT RULE: x\nCONTEXT REFRESH: y', prd)).toBeNull();
    expect(detectPromptEcho('CONTEXT REFRESH: y\nschema_version: 1', prd)).toBeNull();
  });

  it('ignores soft markers alone', () => {
    expect(detectPromptEcho('## Task\nDone.\n## Context\nNothing.\n## Instructions', prd)).toBeNull();
  });

  it('flags a schema echo: a root key first, then a structured prompt marker', () => {
    expect(detectPromptEcho('schema_version: 1\ntitle: x\n## Expected Output Format\nYAML', prd)?.kind).toBe('schema');
    expect(detectPromptEcho('schema_version: 1\ntitle: x\n### ticket_details\nid: T-1', ticketPrd)?.kind).toBe('schema');
    expect(detectPromptEcho('{"schema_version": 1, "title": "# Ticket: T-1"}', ticketPrd)?.markers).toEqual(['# Ticket:']);
  });

  it('knows no artifact\'s headings unless the contract names them', () => {
    expect(detectPromptEcho('schema_version: 1\ntitle: x\n### ticket_details\nid: T-1', prd)).toBeNull();
    expect(detectPromptEcho('{"schema_version": 1, "title": "# Ticket: T-1"}', prd)).toBeNull();
  });

  it('does not flag a schema marker when the output does not start with a root key', () => {
    expect(detectPromptEcho('Here is the PRD.\n# Ticket: T-1\nschema_version: 1', ticketPrd)).toBeNull();
  });

  it('uses the contract marker lists and can be switched off', () => {
    const custom = defineContract({ name: 'c', schema: z.object({ a: z.string() }), promptEcho: { hard: ['SYSTEM:'], soft: ['USER:'] } });
    expect(detectPromptEcho('SYSTEM: be terse\nUSER: hi', custom)?.kind).toBe('markers');
    expect(detectPromptEcho('CRITICAL OUTPUT RULE: x\n## Task', custom)).toBeNull();
    const off = defineContract({ name: 'off', schema: z.object({ a: z.string() }), promptEcho: { enabled: false } });
    expect(detectPromptEcho('CRITICAL OUTPUT RULE: x\n## Task', off)).toBeNull();
  });

  it('fails the pipeline with prompt_echo before any repair, even when an artifact is present', () => {
    const raw = 'CONTEXT REFRESH: you are the PRD writer.\n## Expected Output Format\n```json\n{"schema_version": 1, "title": "x"}\n```';
    const result = safeParse(raw, prd);
    expect(result.success).toBe(false);
    expect(!result.success && result.failure).toBe('prompt_echo');
    expect(result.interventions).toEqual([]);
  });

  it('is total on hostile text', () => {
    for (const text of ['', '\u0000', 'CRITICAL OUTPUT RULE:'.repeat(1000), '{'.repeat(10_000)]) expect(() => detectPromptEcho(text, prd)).not.toThrow();
  });
});

describe('startsWithRootKey', () => {
  /** The plain reading: every key tried in its three spellings. */
  function reference(text: string, keys: readonly string[]): boolean {
    const head = text.slice(0, 512).trimStart().replace(/^\{\s*/, '');
    return keys.some((key) => key !== '' && (head.startsWith(`${key}:`) || head.startsWith(`"${key}"`) || head.startsWith(`'${key}'`)));
  }

  it('agrees with trying every key, plain or awkward', () => {
    const unit = fc.constantFrom('a', 'b', 'ab', ':', '"', "'", '{', ' ', '\n', '\u00a0', 'title', '_');
    const key = fc.oneof(fc.constantFrom('a', 'ab', 'title', 'b_a', ''), fc.string({ unit, maxLength: 4 }));
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 14 }), fc.array(key, { maxLength: 4 }), (text, keys) => {
        expect(startsWithRootKey(text, keys)).toBe(reference(text, keys));
      }),
      { numRuns: 20000 },
    );
    expect(startsWithRootKey('{\n  "title": "x"}', ['title'])).toBe(true);
    expect(startsWithRootKey("'ab': 1", ['a', 'ab'])).toBe(true);
    expect(startsWithRootKey('abc: 1', ['ab'])).toBe(false);
  });
});
