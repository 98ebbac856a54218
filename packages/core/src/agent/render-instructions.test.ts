import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isContract, type AnySchema, type Contract } from '../contract/contract.js';
import { FIXTURE_CONTRACTS as NORMALIZE_CONTRACTS } from '../normalize/test-support/fixture-contracts.js';
import { FIXTURE_CONTRACTS as PIPELINE_CONTRACTS } from '../pipeline/test-support/fixture-contracts.js';
import { safeParse } from '../pipeline/safe-parse.js';
import { extractStructuredOutput } from './extract-structured-output.js';
import { renderInstructions } from './render-instructions.js';
import { replyEnvelope } from './reply-envelope.js';
import { reviewSchema } from './test-support/review-schema.js';

const FIXTURES: Record<string, Contract | AnySchema> = { ...NORMALIZE_CONTRACTS, ...PIPELINE_CONTRACTS };

/** The text after the `Example:` line, which is what a model that copies the example would send. */
const exampleOf = (text: string): string => text.slice(text.indexOf('Example:\n') + 'Example:\n'.length);

describe('renderInstructions', () => {
  it('names the block, the fields with types and enum values, and shows a canonical example', () => {
    expect(renderInstructions(reviewSchema.extend({ note: z.string().optional() }), { blockMarker: 'cadre-json' })).toBe(
      [
        'Reply with the JSON in a ```cadre-json block.',
        'Fields:',
        '- verdict: "approve" | "request_changes"',
        '- issues: list of objects',
        '- issues[].severity: "critical" | "major" | "minor"',
        '- issues[].message: string',
        '- note (optional): string',
        'Example:',
        '```cadre-json',
        '{"verdict":"approve","issues":[{"severity":"critical","message":"text"}],"note":"text"}',
        '```',
      ].join('\n'),
    );
  });

  it("uses the contract's tag envelope when it has one", () => {
    const text = renderInstructions(NORMALIZE_CONTRACTS.bead_status);
    expect(text.split('\n')[0]).toBe('Reply with the JSON inside <BEAD_STATUS>…</BEAD_STATUS>.');
    expect(exampleOf(text)).toBe('<BEAD_STATUS>\n{"status":"done","checks":{"tests":"pass","lint":"pass","typecheck":"pass","qualitative":"pass"}}\n</BEAD_STATUS>');
  });

  it.each(Object.entries(FIXTURES))('%s: the rendered example parses back with zero interventions', (_name, contract) => {
    const bare = renderInstructions(contract);
    expect(bare).toContain('Example:');
    if (!isContract(contract) || contract.tags.length === 0) {
      expect(safeParse(exampleOf(bare), contract)).toMatchObject({ success: true, interventions: [] });
    }
    const fenced = renderInstructions(contract, { blockMarker: 'cadre-json' });
    expect(extractStructuredOutput(exampleOf(fenced), contract, { fallbackToRawJson: false })).toMatchObject({ success: true, interventions: [] });
  });

  it('describes a root list, a map and a scalar root', () => {
    expect(renderInstructions(PIPELINE_CONTRACTS.list).split('\n').slice(0, 3)).toEqual(['Reply with only the JSON, no other text.', 'Fields:', '- [].path: string']);
    expect(renderInstructions(NORMALIZE_CONTRACTS.settings)).toContain('- *.enabled: boolean');
    expect(renderInstructions(z.enum(['yes', 'no']))).toBe(['Reply with only the JSON, no other text.', 'Shape: "yes" | "no"', 'Example:', '"yes"'].join('\n'));
  });

  it('renders a reply envelope: the two shapes, each tool, and examples that pass the envelope untouched', () => {
    const envelope = replyEnvelope({ tools: { search: z.object({ query: z.string(), limit: z.number().int().optional() }), add: z.object({ a: z.number(), b: z.number() }) } });
    const text = renderInstructions(envelope);
    expect(text).toBe(
      [
        'Reply with exactly one JSON object and no other keys: a tool call { "tool", "args" } or a direct answer { "answer" }.',
        'Tools:',
        '- search: { "query": string, "limit"?: integer }',
        '- add: { "a": number, "b": number }',
        'Examples:',
        '{"tool":"search","args":{"query":"text","limit":1}}',
        '{"answer":"text"}',
      ].join('\n'),
    );
    for (const example of text.split('\n').slice(-2)) expect(safeParse(example, envelope.schema)).toMatchObject({ success: true, interventions: [] });
  });

  it('leaves the example out rather than show one the contract would reject', () => {
    const text = renderInstructions(z.object({ pin: z.string().regex(/^(?=\d)\d{4}$/) }));
    expect(text).toBe(['Reply with only the JSON, no other text.', 'Fields:', '- pin: string'].join('\n'));
  });
});
