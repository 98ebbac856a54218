import { toContract } from '@airlock/core';
import { describe, expect, it } from 'vitest';
import type { ParseResult } from '@airlock/core';
import { processChunk } from './process-chunk.js';
import { decodeBatchRecord } from './read-batch-output.js';
import { taskSchema } from './test-support/task-schemas.js';

const contract = toContract(taskSchema, 'taskSchema');

function run(lines: string[], field = 'output', idField = 'id', includeRaw = false) {
  const out = processChunk({ bytes: Buffer.from(`${lines.join('\n')}\n`), firstLine: 10, field, idField, includeRaw }, contract);
  const text = Buffer.from(out.bytes).toString('utf8');
  return { ...out, text, records: text.trimEnd().split('\n').map((l) => decodeBatchRecord(l)) };
}

/** The failure fields of a result, or undefined on a success. */
const failure = (result: ParseResult<unknown>) => (result.success ? undefined : result);

describe('processChunk', () => {
  it('writes one result line per input line, in order, with line, id and agent', () => {
    const { records, counts, text } = run([
      JSON.stringify({ id: 'a', agent: 'planner', output: '{"title":"t","priority":1}' }),
      JSON.stringify({ id: 7, output: 'Sure:\n```json\n{"title":"t","priority":1}\n```' }),
    ]);
    expect(text.endsWith('\n')).toBe(true);
    expect(records.map((r) => [r.line, r.id, r.agent])).toEqual([[10, 'a', 'planner'], [11, 7, undefined]]);
    expect(records[0]!.result).toMatchObject({ success: true, data: { title: 't', priority: 1 }, interventions: [] });
    expect(records[1]!.result.success).toBe(true);
    expect(counts).toMatchObject({ records: 2, validUntouched: 1, validRepaired: 1, failed: 0 });
    expect(counts.agents['planner']).toMatchObject({ records: 1, validUntouched: 1 });
    expect(counts.agents['(none)']).toMatchObject({ records: 1, validRepaired: 1 });
    expect(Object.keys(counts.rules).length).toBeGreaterThan(0);
  });

  it('writes the results into the offered buffer when they fit, else into one of their own', () => {
    const input = { bytes: Buffer.from(`${JSON.stringify({ id: 'a', output: '{"title":"t","priority":1}' })}\n`), firstLine: 1, field: 'output', idField: 'id', includeRaw: false };
    const alone = processChunk(input, contract);
    const into = Buffer.from(new SharedArrayBuffer(4096)).fill(0x2a);
    const offered = processChunk({ ...input, into }, contract);
    expect(offered.bytes.buffer).toBe(into.buffer);
    expect(Buffer.from(offered.bytes).equals(Buffer.from(alone.bytes))).toBe(true);
    const tooSmall = Buffer.from(new SharedArrayBuffer(8)).fill(0x2a);
    const refused = processChunk({ ...input, into: tooSmall }, contract);
    expect(refused.bytes.buffer).not.toBe(tooSmall.buffer);
    expect(Buffer.from(refused.bytes).equals(Buffer.from(alone.bytes))).toBe(true);
    expect(tooSmall.every((b) => b === 0x2a)).toBe(true);
  });

  it('encodes results of any size and script exactly, chunk after chunk (the output buffer grows, then shrinks back)', () => {
    // A title of 3 MB of 3-byte characters: the result line outgrows the 1 MB output buffer.
    const big = 'タ'.repeat(1024 * 1024);
    const first = run([JSON.stringify({ id: 'big', output: JSON.stringify({ title: big, priority: 1 }) }), JSON.stringify({ id: 'e', output: '{"title":"é😀","priority":2}' })]);
    expect(first.records.map((r) => (r.result.success ? (r.result.data as { title: string }).title.length : -1))).toEqual([big.length, 3]);
    expect(Buffer.byteLength(first.text)).toBe(first.bytes.length);
    const second = run([JSON.stringify({ id: 's', output: '{"title":"ß","priority":3}' })]);
    expect(second.records).toHaveLength(1);
    expect(second.records[0]!.result).toMatchObject({ success: true, data: { title: 'ß', priority: 3 } });
  });

  it('turns malformed lines, non-objects, missing and non-string fields into bad_record results', () => {
    const { records, counts } = run(['{"id": "x", "output": ', '[1,2]', '{"id":"m"}', '{"id":"n","output":{"title":"t"}}']);
    expect(records.map((r) => failure(r.result)?.failure)).toEqual(['bad_record', 'bad_record', 'bad_record', 'bad_record']);
    expect(failure(records[0]!.result)?.extractionError).toMatch(/^line 10: malformed JSON/);
    expect(failure(records[1]!.result)?.extractionError).toBe('line 11: the record is an array, not a JSON object');
    expect(failure(records[2]!.result)?.extractionError).toBe('line 12: field "output" is missing');
    expect(failure(records[3]!.result)?.extractionError).toBe('line 13: field "output" is an object, not a string');
    expect(records.map((r) => r.id)).toEqual([null, null, 'm', 'n']);
    expect(counts.failures).toEqual({ bad_record: 4 });
  });

  it('splits a byte range into lines: blank lines count but give no result, CRLF reads as LF, the last line may lack its newline', () => {
    const task = '{"output":"{\\"title\\":\\"t\\",\\"priority\\":1}"}';
    const bytes = Buffer.from(`${task}\r\n\n  \t\r\n${task}\n${task}`);
    const out = processChunk({ bytes, firstLine: 5, field: 'output', idField: 'id', includeRaw: false }, contract);
    const records = Buffer.from(out.bytes).toString('utf8').trimEnd().split('\n').map((l) => decodeBatchRecord(l));
    expect(records.map((r) => [r.line, r.result.success])).toEqual([[5, true], [8, true], [9, true]]);
    expect(out.counts.inputBytes).toBe(3 * (Buffer.byteLength(task) + 1));
  });

  it('decodes UTF-8 split nowhere but at line ends', () => {
    const { records } = run([JSON.stringify({ id: 'é', output: '{"title":"naïve 🚀","priority":1}' })]);
    expect(records[0]).toMatchObject({ id: 'é', result: { success: true, data: { title: 'naïve 🚀' } } });
  });

  it('reads dotted field and id paths', () => {
    const { records } = run([JSON.stringify({ meta: { run: 'x1' }, step: { text: '{"title":"t","priority":2}' } })], 'step.text', 'meta.run');
    expect(records[0]).toMatchObject({ id: 'x1', result: { success: true, data: { priority: 2 } } });
  });

  it('keeps hostile agent names as plain keys', () => {
    const { counts } = run(['{"agent":"__proto__","output":""}', '{"agent":"constructor","output":""}']);
    expect(Object.keys(counts.agents).sort()).toEqual(['__proto__', 'constructor']);
    expect(counts.agents['__proto__']!.records).toBe(1);
    expect(({} as Record<string, unknown>)['records']).toBeUndefined();
  });
});
