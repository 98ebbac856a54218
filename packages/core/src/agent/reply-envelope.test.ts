import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParse } from '../pipeline/safe-parse.js';
import { replyEnvelope } from './reply-envelope.js';

const envelope = replyEnvelope({
  tools: {
    search: z.object({ query: z.string(), limit: z.number().int().optional() }),
    add: z.object({ a: z.number(), b: z.number() }),
  },
});

const errorsOf = (text: string) => {
  const result = safeParse(text, envelope.schema);
  return result.success ? [] : result.validationErrors;
};

describe('replyEnvelope', () => {
  it('accepts a tool call with valid args and a direct answer, untouched', () => {
    const call = safeParse('{"tool":"search","args":{"query":"zod 4"}}', envelope.schema);
    expect(call).toMatchObject({ success: true, data: { tool: 'search', args: { query: 'zod 4' } }, interventions: [] });
    expect(safeParse('{"answer":"42"}', envelope.schema)).toMatchObject({ success: true, data: { answer: '42' }, interventions: [] });
  });

  it('an unknown tool fails at path tool, naming the allowed tools', () => {
    expect(errorsOf('{"tool":"browse","args":{"url":"x"}}')).toEqual([{ path: 'tool', message: "Unknown tool 'browse'; allowed tools: 'search', 'add'" }]);
  });

  it('an extra key fails, on a tool call and on a direct answer', () => {
    expect(errorsOf('{"tool":"add","args":{"a":1,"b":2},"reason":"sum"}')).toEqual([{ path: '(root)', message: "Unrecognized key(s): 'reason'" }]);
    expect(errorsOf('{"answer":"42","confidence":0.9}')).toEqual([{ path: '(root)', message: "Unrecognized key(s): 'confidence'" }]);
    expect(errorsOf('{"tool":"add","args":{"a":1,"b":2},"answer":"3"}')).toEqual([{ path: '(root)', message: "Unrecognized key(s): 'answer'" }]);
  });

  it("checks args against the named tool's schema, paths under args", () => {
    expect(errorsOf('{"tool":"add","args":{"a":1,"b":"two"}}')).toEqual([{ path: 'args.b', message: "Expected number, received 'two'" }]);
    expect(errorsOf('{"tool":"search","args":{}}')).toEqual([{ path: 'args.query', message: 'Required' }]);
  });

  it('the shape tier passes a known tool with any args object, and only that', () => {
    expect(safeParse('{"tool":"add","args":{"a":"x"}}', envelope.shapeSchema).success).toBe(true);
    const missing = safeParse('{"tool":"add"}', envelope.shapeSchema);
    expect(!missing.success && missing.validationErrors).toEqual([{ path: 'args', message: 'Required' }]);
    const list = safeParse('{"tool":"add","args":[1,2]}', envelope.shapeSchema);
    expect(!list.success && list.validationErrors).toEqual([{ path: 'args', message: 'Expected object, received array' }]);
  });

  it('neither shape fails at the root', () => {
    expect(errorsOf('{"thought":"hmm"}')).toEqual([{ path: '(root)', message: 'Expected a tool call { "tool", "args" } or a direct answer { "answer" }' }]);
    expect(errorsOf('["search"]')).toEqual([{ path: '(root)', message: 'Expected a tool call { "tool", "args" } or a direct answer { "answer" }, received array' }]);
    expect(errorsOf('{"answer":7}')).toEqual([{ path: 'answer', message: 'Expected string, received number' }]);
  });

  it('types the reply per tool', () => {
    const result = safeParse('{"tool":"add","args":{"a":1,"b":2}}', envelope.schema);
    if (result.success && 'tool' in result.data && result.data.tool === 'add') {
      const sum: number = result.data.args.a + result.data.args.b;
      expect(sum).toBe(3);
    } else throw new Error('expected an add call');
  });
});
