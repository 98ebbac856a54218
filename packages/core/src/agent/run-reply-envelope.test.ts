import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replyEnvelope } from './reply-envelope.js';
import { runReplyEnvelope } from './run-reply-envelope.js';
import type { ChatMessage } from './run-with-retries.js';
import { scriptedModel } from './test-support/scripted-model.js';

const envelope = replyEnvelope({ tools: { search: z.object({ query: z.string() }), add: z.object({ a: z.number(), b: z.number() }) } });
const PROMPT: ChatMessage[] = [{ role: 'user', content: 'What is 2 + 3?' }];
const ADD_SHAPE = '{ "a": number, "b": number }';

const turn = (script: Parameters<typeof scriptedModel>[0], policy = {}) => {
  const model = scriptedModel(script);
  return { model, result: runReplyEnvelope({ call: model.call, envelope, messages: PROMPT, policy }) };
};

describe('runReplyEnvelope', () => {
  it('returns a valid tool call at once', async () => {
    const { result } = turn([{ text: '{"tool":"add","args":{"a":2,"b":3}}' }]);
    const out = await result;
    expect(out.success && out.data).toEqual({ tool: 'add', args: { a: 2, b: 3 } });
    expect(out.success && out.result.data).toEqual({ tool: 'add', args: { a: 2, b: 3 } });
  });

  it('an unknown tool gets a structured repair retry of the whole reply, naming the allowed tools', async () => {
    const { model, result } = turn([{ text: '{"tool":"calculator","args":{"expr":"2+3"}}' }, { text: '{"answer":"5"}' }]);
    const out = await result;
    expect(out.success && out.path).toBe('structured_repair');
    expect(out.success && out.data).toEqual({ answer: '5' });
    expect(model.calls[1]?.messages.at(-1)?.content).toBe(
      [
        'Your previous reply does not match the required output schema.',
        'Fix these problems:',
        "- tool: Unknown tool 'calculator'; allowed tools: 'search', 'add'",
        'Reply with only the corrected output as JSON, with this shape:',
        '{ "tool": "search", "args": { "query": string } } | { "tool": "add", "args": { "a": number, "b": number } } | { "answer": string }',
      ].join('\n'),
    );
  });

  it('an extra key fails the envelope; a second bad reply halts the turn', async () => {
    const bad = '{"answer":"5","confidence":0.9}';
    const { model, result } = turn([{ text: bad }, { text: bad }]);
    const out = await result;
    expect(out.success).toBe(false);
    expect(out.stopReason).toBe('structured_retries_exhausted');
    expect(out.rawAttempts.map((a) => a.validationErrors)).toEqual([
      [{ path: '(root)', message: "Unrecognized key(s): 'confidence'" }],
      [{ path: '(root)', message: "Unrecognized key(s): 'confidence'" }],
    ]);
    expect(model.calls).toHaveLength(2);
  });

  it('bad args alone: asks for the arguments only, then builds the tool call from them', async () => {
    const first = '{"tool":"add","args":{"a":2,"b":"three"}}';
    const { model, result } = turn([{ text: first }, { text: '{"a":2,"b":3}' }]);
    const out = await result;
    expect(out.success && out.path).toBe('args_repair');
    expect(out.success && out.data).toEqual({ tool: 'add', args: { a: 2, b: 3 } });
    expect(model.calls[1]).toEqual({
      messages: [
        ...PROMPT,
        { role: 'assistant', content: first },
        {
          role: 'user',
          content: [
            'The arguments of your call to tool "add" do not match its schema.',
            'Fix these problems:',
            "- b: Expected number, received 'three'",
            'Reply with only the corrected arguments as JSON, with this shape:',
            ADD_SHAPE,
          ].join('\n'),
        },
      ],
      attempt: { index: 1, kind: 'args_repair' },
    });
    expect(out.rawAttempts.map((a) => [a.kind, a.failure])).toEqual([
      ['initial', null],
      ['args_repair', null],
    ]);
  });

  it('the args retry asks for the block the parse looks for', async () => {
    const model = scriptedModel([{ text: '```cadre-json\n{"tool":"add","args":{"a":2}}\n```' }, { text: '```cadre-json\n{"a":2,"b":3}\n```' }]);
    const out = await runReplyEnvelope({ call: model.call, envelope, messages: PROMPT, parse: { blockMarker: 'cadre-json', fallbackToRawJson: false } });
    expect(out.success && out.data).toEqual({ tool: 'add', args: { a: 2, b: 3 } });
    expect(model.calls[1]?.messages.at(-1)?.content.split('\n').slice(-2)).toEqual([
      'Reply with only the corrected arguments as JSON in a ```cadre-json block, with this shape:',
      ADD_SHAPE,
    ]);
  });

  it('halts after the failed args retry, with the error, and never calls again', async () => {
    const { model, result } = turn([{ text: '{"tool":"add","args":{"a":2}}' }, { text: '{"a":2}' }, { text: '{"a":2,"b":3}' }]);
    const out = await result;
    expect(out.success).toBe(false);
    expect(out.stopReason).toBe('args_retry_failed');
    expect(!out.success && out.result.validationErrors).toEqual([{ path: 'b', message: 'Required' }]);
    expect(model.calls).toHaveLength(2);
  });

  it('a transport error on the args retry halts as transport_error', async () => {
    const { result } = turn([{ text: '{"tool":"add","args":{}}' }, new Error('timeout')]);
    const out = await result;
    expect(!out.success && [out.failure, out.stopReason]).toEqual(['transport_error', 'args_retry_failed']);
  });

  it('no args retry when structured retries are off, nor past the budget', async () => {
    const off = turn([{ text: '{"tool":"add","args":{}}' }], { maxStructuredRetries: 0 });
    expect((await off.result).stopReason).toBe('args_retry_failed');
    expect(off.model.calls).toHaveLength(1);
    const spent = turn([{ text: '{"tool":"add","args":{}}', usage: { totalTokens: 900 } }], { budget: { maxTokens: 800 } });
    expect((await spent.result).stopReason).toBe('budget_exhausted');
    expect(spent.model.calls).toHaveLength(1);
  });
});
