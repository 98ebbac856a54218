import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParse } from '../pipeline/safe-parse.js';
import { createPartialParser } from './partial-parser.js';

const task = z.object({ title: z.string(), done: z.boolean().optional() });

describe('createPartialParser', () => {
  it('keeps each push’s result as it was, however much is pushed after it', () => {
    const parser = createPartialParser(task);
    const early = parser.push('{"title": "Fix');
    parser.push(' login", "done": true}');
    expect(early.success && early.data).toEqual({ title: 'Fix' });
    expect(parser.result.success && parser.result.complete).toBe(true);
  });

  it('gives plain data once a field is read: spread, JSON and structured clone see the same result', () => {
    const result = createPartialParser(task).push('{"title": "Fix lo');
    expect(result.success).toBe(true);
    const plain = { ...result };
    expect(plain).toEqual(JSON.parse(JSON.stringify(result)));
    expect(structuredClone(result)).toEqual(plain);
    expect(plain).toEqual(safeParse('{"title": "Fix lo', task, { partial: true }));
  });

  it('settles a bare number at the root when the stream ends', () => {
    const parser = createPartialParser(z.number());
    expect(parser.push('4').success && parser.result.complete).toBe(false);
    const last = parser.push('2');
    expect(last.success && last.data).toBe(42);
    const ended = parser.end();
    expect(ended.success && ended.complete && ended.data).toBe(42);
  });

  it('ends with a refusal when the stream held no JSON value at all', () => {
    const parser = createPartialParser(task);
    expect(parser.push('I could not find the ticket.')).toMatchObject({ success: false, failure: 'truncated' });
    expect(parser.end()).toMatchObject({ success: false, failure: 'no_candidate' });
  });

  it('refuses a contract it cannot read, on every push', () => {
    const parser = createPartialParser(42 as unknown as z.ZodType);
    expect(parser.push('{}')).toMatchObject({ success: false, failure: 'schema' });
    expect(parser.end()).toMatchObject({ success: false, failure: 'schema' });
  });

  it('stops at the length limit', () => {
    const parser = createPartialParser(task, { maxLength: 8 });
    parser.push('{"title"');
    expect(parser.push(': "x"}')).toMatchObject({ success: false, failure: 'syntax' });
  });
});
