import { safeParse, toContract, type Intervention, type ParseResult } from '@airlock/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeBatchRecord, toWireCandidate, toWireIntervention } from './encode-batch-record.js';
import { decodeBatchRecord } from './read-batch-output.js';
import { runLogLine } from './test-support/make-run-log.js';
import { taskSchema } from './test-support/task-schemas.js';

const contract = toContract(taskSchema, 'taskSchema');

/** A Standard Schema that trims the title: its data differs from the raw value. */
const trimmingContract = toContract(
  {
    '~standard': {
      version: 1 as const,
      vendor: 'airlock-test',
      validate: (value: unknown) => {
        const task = value as { title?: unknown };
        return typeof task?.title === 'string' ? { value: { ...task, title: task.title.trim() } } : { issues: [{ message: 'Expected string', path: ['title'] }] };
      },
    },
  },
  'trimming',
);

const place = { line: 7, id: 'r7', agent: 'coder' };

/** What decoding promises: the same result, with `raw` equal to `data` where the line omits it. */
function roundTrip(result: ParseResult<unknown>, includeRaw = false): ParseResult<unknown> {
  const record = decodeBatchRecord(encodeBatchRecord(place, result, includeRaw));
  expect(record).toMatchObject({ line: 7, id: 'r7', agent: 'coder' });
  return record.result;
}

/** The model texts of the test run log (the lines whose output is a string). */
const texts = Array.from({ length: 10 }, (_, i) => (JSON.parse(runLogLine(i).trim().endsWith('}') ? runLogLine(i) : '{}') as { output?: unknown }).output).filter(
  (o): o is string => typeof o === 'string',
);

describe('encodeBatchRecord', () => {
  it('omits raw on a success whose data equals it, and writes no empty fields', () => {
    const line = encodeBatchRecord(place, safeParse('{"title":"t","priority":1}', contract), false);
    expect(line).toBe('{"line":7,"id":"r7","agent":"coder","data":{"title":"t","priority":1},"candidate":["raw","json",0,26]}');
  });

  it('writes the fields in the wire order, file between line and id, salvaged after the failure', () => {
    const failed = { success: false, failure: 'truncated', extractionError: 'cut off', raw: { title: 'Fix lo' }, interventions: [], repairApplied: false } as ParseResult<unknown>;
    const salvaged = { data: { title: 'Fix lo' }, states: { '(root)': 'incomplete' as const, title: 'incomplete' as const } };
    const line = encodeBatchRecord({ line: 2, file: 'b.jsonl', id: 5, agent: undefined }, failed, false, salvaged);
    expect(line).toBe(
      '{"line":2,"file":"b.jsonl","id":5,"failure":"truncated","error":"cut off","raw":{"title":"Fix lo"},"salvaged":{"data":{"title":"Fix lo"},"states":{"(root)":"incomplete","title":"incomplete"}}}',
    );
  });

  it('writes raw when it differs from data, or always with includeRaw', () => {
    const trimmed = safeParse('{"title":" t ","priority":1}', trimmingContract);
    expect(JSON.parse(encodeBatchRecord(place, trimmed, false))).toMatchObject({ data: { title: 't' }, raw: { title: ' t ' } });
    const clean = safeParse('{"title":"t","priority":1}', contract);
    expect(JSON.parse(encodeBatchRecord(place, clean, true))).toMatchObject({ raw: { title: 't', priority: 1 } });
  });

  it('writes interventions and candidates as positional arrays', () => {
    const fenced = safeParse('Sure:\n```json\n{"title":"t","priority":1,}\n```', contract);
    const wire = JSON.parse(encodeBatchRecord(place, fenced, false)) as { candidate: unknown[]; interventions: unknown[][]; repaired: boolean };
    expect(wire.candidate).toEqual(['raw', 'json', 0, 45]);
    expect(wire.repaired).toBe(true);
    expect(wire.interventions.map((i) => i[0])).toContain('trailing_comma');
    for (const i of wire.interventions) expect(i.length).toBeGreaterThanOrEqual(4);
  });

  it('writes the sentence of a rule once per record: repeats take the short form', () => {
    const result = safeParse("{'title': 't', 'priority': 1}", contract);
    const wire = JSON.parse(encodeBatchRecord(place, result, false)) as { interventions: unknown[][] };
    const quotes = wire.interventions.filter((i) => i[0] === 'single_quoted_string');
    expect(quotes.length).toBeGreaterThan(2);
    expect(quotes[0]!.slice(1, 4)).toEqual(['parse', 'parser_fix', expect.stringMatching(/single quotes/)]);
    // One intervention per string, spanning it: `'t'` and `'priority'` repeat the rule in the short form.
    expect(quotes.slice(1)).toEqual([
      ['single_quoted_string', [10, 13], null, "'t'", '"t"'],
      ['single_quoted_string', [15, 25], null, "'priority'", '"priority"'],
    ]);
    expect(roundTrip(result)).toEqual({ ...result, raw: result.success ? result.data : undefined });
  });

  it('round-trips every result of the test run log through decodeBatchRecord', () => {
    expect(texts.length).toBeGreaterThan(5);
    for (const text of texts) {
      for (const c of [contract, trimmingContract]) {
        const result = safeParse(text, c);
        expect(roundTrip(result)).toEqual(result.success && !('raw' in JSON.parse(encodeBatchRecord(place, result, false))) ? { ...result, raw: result.data } : result);
        expect(roundTrip(result, true)).toEqual(result);
      }
    }
  });

  it('keeps the other rules one intervention covers (`also`) across the wire', () => {
    // A backtick string left open: one intervention names both repairs.
    const result = safeParse('`[', contract);
    const covering = result.interventions.find((i) => i.also !== undefined);
    expect(covering).toMatchObject({ rule: 'backtick_quoted_string', also: ['missing_closing_quote'] });
    expect(roundTrip(result, true)).toEqual(result);
  });

  it('round-trips the result of any text (failures included) with includeRaw', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json().map((j) => `Here:\n\`\`\`json\n${j}\n\`\`\``), fc.json().map((j) => `${j.slice(0, -1)},}`)), (text) => {
        const result = JSON.parse(JSON.stringify(safeParse(text, contract))) as ParseResult<unknown>;
        expect(roundTrip(result, true)).toEqual(result);
      }),
    );
  });

  it('writes an intervention as its positional array, trailing absent fields dropped, any text escaped', () => {
    /** The wire form spelled out as an array (what format 2 documents), then serialized. */
    const expected = (i: Intervention, short: boolean): unknown[] => {
      const tail: unknown[] = [i.span === undefined ? null : [...i.span], i.path ?? null, i.before ?? null, i.after ?? null, i.also?.length ? i.also : null];
      while (tail.length > 0 && tail[tail.length - 1] === null) tail.pop();
      return [i.rule, ...(short ? [] : [i.stage, i.category, i.message]), ...tail];
    };
    const text = fc.string({ unit: 'binary' });
    const intervention = fc.record(
      {
        rule: text,
        stage: fc.constantFrom('extract', 'parse', 'normalize', 'validate'),
        category: text,
        message: text,
        span: fc.tuple(fc.nat(), fc.nat()),
        path: fc.array(fc.oneof(text, fc.nat())),
        before: text,
        after: text,
        also: fc.array(text) as fc.Arbitrary<Intervention['also'] & {}>,
      },
      { requiredKeys: ['rule', 'stage', 'category', 'message'] },
    ) as fc.Arbitrary<Intervention>;
    fc.assert(
      fc.property(intervention, fc.boolean(), (i, short) => {
        const json = JSON.stringify(toWireIntervention(i, short));
        expect(JSON.parse(json)).toEqual(expected(i, short));
        expect(json).toBe(JSON.stringify(expected(i, short)));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes BigInts from a transform as strings', () => {
    const result: ParseResult<unknown> = { ...(safeParse('{"title":"t","priority":1}', contract) as ParseResult<unknown> & { success: true }), data: { n: 10n } };
    expect(JSON.parse(encodeBatchRecord(place, result, false))).toMatchObject({ data: { n: '10' }, raw: { title: 't', priority: 1 } });
  });
});

describe('the candidate on the wire', () => {
  it('is the JSON of toWireCandidate, for every shape a candidate takes', () => {
    const candidates = [
      { source: 'raw', format: 'json', span: [0, 7], prefixStripped: false },
      { source: 'prefix_stripped', format: 'yaml', span: [3, 40], prefixStripped: true },
      { source: 'fenced', format: 'json', span: [10, 52], prefixStripped: false, fenceInfo: 'json "x"' },
      { source: 'tagged', format: 'yaml', span: [5, 9], prefixStripped: false, tag: 'ANSWER' },
      { source: 'fenced', format: 'yaml', span: [1, 2], prefixStripped: true, fenceInfo: 'yaml', tag: 't' },
    ] as const;
    for (const candidate of candidates) {
      const result = { success: false, failure: 'schema', interventions: [], repairApplied: false, candidate } as unknown as ParseResult<unknown>;
      const line = encodeBatchRecord(place, result, false);
      expect(line).toContain(`"candidate":${JSON.stringify(toWireCandidate(candidate))}`);
    }
  });
});
