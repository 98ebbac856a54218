import { describe, expect, it } from 'vitest';
import { STRICT_PROFILE } from '../pipeline/repair-profile.js';
import { runWithRetries, type ChatMessage } from './run-with-retries.js';
import { scriptedModel } from './test-support/scripted-model.js';
import { BAD_SEVERITY, GOOD_REVIEW, reviewSchema } from './test-support/review-schema.js';

const PROMPT: ChatMessage[] = [
  { role: 'system', content: 'You review pull requests.' },
  { role: 'user', content: 'Review this diff and reply with JSON.' },
];
const SHAPE = '{ "verdict": "approve" | "request_changes", "issues": { "severity": "critical" | "major" | "minor", "message": string }[] }';
const SEVERITY_FIX = [
  'Your previous reply does not match the required output schema.',
  'Fix these problems:',
  "- issues[0].severity: Expected 'critical' | 'major' | 'minor', received 'high'",
  'Reply with only the corrected output as JSON, with this shape:',
  SHAPE,
].join('\n');

const run = (script: Parameters<typeof scriptedModel>[0], policy = {}) => {
  const model = scriptedModel(script);
  return { model, result: runWithRetries({ call: model.call, contract: reviewSchema, messages: PROMPT, policy }) };
};

describe('runWithRetries', () => {
  it('returns the first reply that validates without retrying', async () => {
    const { model, result } = run([{ text: GOOD_REVIEW }]);
    const out = await result;
    expect(out.success && out.path).toBe('initial');
    expect(out.stopReason).toBe('succeeded');
    expect(model.calls).toEqual([{ messages: PROMPT, attempt: { index: 0, kind: 'initial' } }]);
    expect(out.rawAttempts.map((a) => a.failure)).toEqual([null]);
  });

  it('bad → good: a structured repair retry continues the conversation with the corrective message', async () => {
    const { model, result } = run([{ text: BAD_SEVERITY }, { text: GOOD_REVIEW }]);
    const out = await result;
    expect(out.success && out.path).toBe('structured_repair');
    expect(out.success && out.data.issues[0]?.severity).toBe('minor');
    expect(model.calls[1]).toEqual({
      messages: [...PROMPT, { role: 'assistant', content: BAD_SEVERITY }, { role: 'user', content: SEVERITY_FIX }],
      attempt: { index: 1, kind: 'structured_repair' },
    });
    expect(out.rawAttempts.map((a) => [a.kind, a.text, a.failure])).toEqual([
      ['initial', BAD_SEVERITY, 'schema'],
      ['structured_repair', GOOD_REVIEW, null],
    ]);
    expect(out.rawAttempts[0]?.validationErrors).toEqual([{ path: 'issues[0].severity', message: "Expected 'critical' | 'major' | 'minor', received 'high'" }]);
  });

  it('truncated (finish reason length) → good: a fresh retry, even though the cut text parsed', async () => {
    const cut = '{"verdict":"approve","issues":[]}';
    const { model, result } = run([{ text: cut, finishReason: 'length' }, { text: GOOD_REVIEW, finishReason: 'stop' }]);
    const out = await result;
    expect(out.success && out.path).toBe('fresh');
    expect(model.calls[1]).toEqual({ messages: PROMPT, attempt: { index: 1, kind: 'fresh' } });
    expect(out.rawAttempts[0]).toMatchObject({ failure: 'truncated', finishReason: 'length', text: cut });
    expect(out.rawAttempts[0]?.error).toBe('The reply stopped at the output token limit (finish reason "length").');
  });

  it('echo → good: a prompt echo starts a fresh conversation', async () => {
    const echo = 'CRITICAL OUTPUT RULE: reply with JSON only.\n## Task\nReview this diff.';
    const { model, result } = run([{ text: echo }, { text: GOOD_REVIEW }]);
    const out = await result;
    expect(out.success && out.path).toBe('fresh');
    expect(out.rawAttempts[0]?.failure).toBe('prompt_echo');
    expect(model.calls[1]?.messages).toEqual(PROMPT);
  });

  it('empty → good: an empty reply starts a fresh conversation', async () => {
    const { model, result } = run([{ text: '  \n' }, { text: GOOD_REVIEW }]);
    const out = await result;
    expect(out.success && out.path).toBe('fresh');
    expect(out.rawAttempts[0]).toMatchObject({ failure: 'empty_output', error: 'The model output is empty.' });
    expect(model.calls[1]?.messages).toEqual(PROMPT);
  });

  it('bad → bad → give up after maxStructuredRetries (default 1)', async () => {
    const { model, result } = run([{ text: BAD_SEVERITY }, { text: BAD_SEVERITY }, { text: GOOD_REVIEW }]);
    const out = await result;
    expect(out.success).toBe(false);
    expect(out.stopReason).toBe('structured_retries_exhausted');
    expect(!out.success && out.failure).toBe('schema');
    expect(model.calls).toHaveLength(2);
    expect(out.rawAttempts.map((a) => a.failure)).toEqual(['schema', 'schema']);
  });

  it('a second structured retry keeps growing the same conversation', async () => {
    const { model, result } = run([{ text: BAD_SEVERITY }, { text: BAD_SEVERITY }, { text: GOOD_REVIEW }], { maxStructuredRetries: 2 });
    const out = await result;
    expect(out.success && out.path).toBe('structured_repair');
    const fix = { role: 'user', content: SEVERITY_FIX };
    expect(model.calls[2]?.messages).toEqual([...PROMPT, { role: 'assistant', content: BAD_SEVERITY }, fix, { role: 'assistant', content: BAD_SEVERITY }, fix]);
  });

  it('transport error → good: a thrown call is recorded and retried fresh', async () => {
    const { model, result } = run([new Error('socket hang up'), { text: GOOD_REVIEW }]);
    const out = await result;
    expect(out.success && out.path).toBe('fresh');
    expect(out.rawAttempts[0]).toMatchObject({ failure: 'transport_error', error: 'socket hang up', text: '' });
    expect(model.calls[1]?.messages).toEqual(PROMPT);
  });

  it('fresh retries are bounded separately from structured ones', async () => {
    const { model, result } = run([{ text: '' }, { text: BAD_SEVERITY }, { text: '' }], { maxFreshRetries: 1, maxStructuredRetries: 1 });
    const out = await result;
    expect(out.rawAttempts.map((a) => [a.kind, a.failure])).toEqual([
      ['initial', 'empty_output'],
      ['fresh', 'schema'],
      ['structured_repair', 'empty_output'],
    ]);
    expect(out.stopReason).toBe('fresh_retries_exhausted');
    expect(model.calls).toHaveLength(3);
  });

  it('budget exhausted: stops retrying once the reported tokens reach the budget', async () => {
    const usage = { inputTokens: 300, outputTokens: 250 };
    const { model, result } = run([{ text: BAD_SEVERITY, usage }, { text: GOOD_REVIEW }], { budget: { maxTokens: 500 } });
    const out = await result;
    expect(out.stopReason).toBe('budget_exhausted');
    expect(model.calls).toHaveLength(1);
    expect(out.usage).toEqual({ tokens: 550, cost: 0 });
    expect(out.rawAttempts[0]?.tokens).toBe(550);
  });

  it('a cost budget counts every attempt, and retries while under it', async () => {
    const { model, result } = run([{ text: '', cost: 0.02 }, { text: BAD_SEVERITY, cost: 0.02 }, { text: GOOD_REVIEW }], { budget: { maxCost: 0.04 } });
    const out = await result;
    expect(out.stopReason).toBe('budget_exhausted');
    expect(model.calls).toHaveLength(2);
    expect(out.usage.cost).toBeCloseTo(0.04);
  });

  it('does not retry a failure class outside the retry classes (no candidate)', async () => {
    const { model, result } = run([{ text: 'I reviewed it and it looks fine to me.' }, { text: GOOD_REVIEW }]);
    const out = await result;
    expect(out.stopReason).toBe('not_retryable');
    expect(!out.success && out.failure).toBe('no_candidate');
    expect(model.calls).toHaveLength(1);
  });

  it('maxStructuredRetries 0 records the rejected reply and stops', async () => {
    const { result } = run([{ text: BAD_SEVERITY }], { maxStructuredRetries: 0 });
    const out = await result;
    expect(out.stopReason).toBe('structured_retries_exhausted');
    expect(out.rawAttempts).toHaveLength(1);
  });

  it('repair_denied: the corrective message lists the refused repairs and names the block', async () => {
    const model = scriptedModel([{ text: "{'verdict': 'approve', 'issues': []}" }, { text: '```cadre-json\n{"verdict":"approve","issues":[]}\n```' }]);
    const out = await runWithRetries({
      call: model.call,
      contract: reviewSchema,
      messages: PROMPT,
      parse: { repair: STRICT_PROFILE, blockMarker: 'cadre-json', fallbackToRawJson: false },
    });
    expect(out.rawAttempts.map((a) => a.failure)).toEqual(['no_candidate']);
    const relaxed = scriptedModel([{ text: "```cadre-json\n{'verdict': 'approve', 'issues': []}\n```" }, { text: '```cadre-json\n{"verdict":"approve","issues":[]}\n```' }]);
    const fixed = await runWithRetries({ call: relaxed.call, contract: reviewSchema, messages: PROMPT, parse: { repair: STRICT_PROFILE, blockMarker: 'cadre-json' } });
    expect(fixed.success && fixed.path).toBe('structured_repair');
    expect(fixed.rawAttempts[0]?.failure).toBe('repair_denied');
    expect(relaxed.calls[1]?.messages.at(-1)?.content).toBe(
      [
        'Your previous reply needed repairs that are not allowed.',
        'Write the output so that none of these repairs is needed:',
        '- single_quoted_string: Replaced the single quotes around a string with double quotes.',
        'Reply with only the corrected output as JSON in a ```cadre-json block, with this shape:',
        SHAPE,
      ].join('\n'),
    );
  });

  it('syntax: the parse error heads the corrective message', async () => {
    const { model, result } = run([{ text: '{"verdict" ]' }, { text: GOOD_REVIEW }]);
    const out = await result;
    expect(out.rawAttempts[0]?.failure).toBe('syntax');
    // The parser's own wording may change; the message must quote it whole and add the shape.
    const error = out.rawAttempts[0]?.error ?? '';
    expect(error).toMatch(/11/);
    expect(model.calls[1]?.messages.at(-1)?.content).toBe(
      [`Your previous reply could not be parsed: ${error}`, 'Reply with only the corrected output as JSON, with this shape:', SHAPE].join('\n'),
    );
  });

  it('a model function that returns no text counts as a transport error', async () => {
    const { result } = run([{} as never, { text: GOOD_REVIEW }]);
    const out = await result;
    expect(out.rawAttempts[0]).toMatchObject({ failure: 'transport_error', error: 'The model function returned no text.' });
    expect(out.success).toBe(true);
  });
});
