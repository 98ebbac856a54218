import { defineContract, type Intervention } from '@airlock/core';
import { generateObject, JSONParseError, NoObjectGeneratedError, streamObject, TypeValidationError } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { airlockFailure } from './airlock-failure.js';
import { repairText } from './repair-text.js';
import type { RepairFailureReport, RepairReport } from './repair-report.js';
import { mockModel } from './test-support/mock-model.js';

const ticket = z.object({ title: z.string(), severity: z.enum(['low', 'high']), tags: z.array(z.string()) });
const FENCED_TRAILING_COMMA = 'Here is the ticket:\n```json\n{"title": "Fix login", "severity": "high", "tags": ["auth",],}\n```';

describe('repairText with generateObject', () => {
  it('repairs a fenced object with trailing commas and reports every intervention', async () => {
    const reports: RepairReport<z.infer<typeof ticket>>[] = [];
    const { object } = await generateObject({
      model: mockModel(FENCED_TRAILING_COMMA),
      schema: ticket,
      prompt: 'File a ticket.',
      experimental_repairText: repairText(ticket, { onRepair: (report) => reports.push(report) }),
    });
    expect(object).toEqual({ title: 'Fix login', severity: 'high', tags: ['auth'] });
    expect(reports).toHaveLength(1);
    const [report] = reports;
    expect(report!.text).toBe(FENCED_TRAILING_COMMA);
    expect(JSONParseError.isInstance(report!.error)).toBe(true);
    expect(report!.data).toEqual(object);
    expect(report!.interventions.map((i: Intervention) => i.rule)).toEqual([
      'leading_prose_trimmed',
      'trailing_comma',
      'trailing_comma',
      'code_fence_trimmed',
    ]);
    // Spans point into the text the model sent, so a log can quote it.
    for (const { span, before } of report!.interventions) {
      if (span !== undefined && before !== undefined) expect(FENCED_TRAILING_COMMA.slice(span[0], span[1])).toBe(before);
    }
    for (const intervention of report!.interventions) expect(intervention.message).not.toBe('');
  });

  it('does not run on output the SDK accepts as-is', async () => {
    const reports: unknown[] = [];
    const { object } = await generateObject({
      model: mockModel('{"title":"Fix login","severity":"low","tags":[]}'),
      schema: ticket,
      prompt: 'File a ticket.',
      experimental_repairText: repairText(ticket, { onRepair: (r) => reports.push(r), onFailure: (r) => reports.push(r) }),
    });
    expect(object.severity).toBe('low');
    expect(reports).toEqual([]);
  });

  it('normalizes with a contract when the SDK validation fails (alias and synonym)', async () => {
    const contract = defineContract({
      name: 'ticket',
      schema: ticket,
      aliases: { title: ['summary'] },
      synonyms: { severity: { map: { high: ['critical'] } } },
    });
    const rules: string[] = [];
    const { object } = await generateObject({
      model: mockModel('{"summary": "Fix login", "severity": "critical", "tags": []}'),
      schema: ticket,
      prompt: 'File a ticket.',
      experimental_repairText: repairText(contract, { onRepair: (r) => rules.push(...r.interventions.map((i) => i.rule)) }),
    });
    expect(object).toEqual({ title: 'Fix login', severity: 'high', tags: [] });
    expect(rules).toEqual(['key_aliased', 'synonym_mapped']);
  });

  it('lets the SDK error surface with Airlock\'s failure class when nothing can be repaired', async () => {
    const failures: RepairFailureReport[] = [];
    const call = generateObject({
      model: mockModel('{"title": "Fix login", "severity": "urgent", "tags": []}'),
      schema: ticket,
      prompt: 'File a ticket.',
      experimental_repairText: repairText(ticket, { onFailure: (f) => failures.push(f) }),
    });
    const error = await call.then(
      () => { throw new Error('expected a rejection'); },
      (e: unknown) => e,
    );
    expect(NoObjectGeneratedError.isInstance(error)).toBe(true);
    expect(TypeValidationError.isInstance((error as NoObjectGeneratedError).cause)).toBe(true);
    const failure = airlockFailure(error);
    expect(failure?.failure).toBe('schema');
    expect(failure?.validationErrors).toEqual([{ path: 'severity', message: "Expected 'low' | 'high', received 'urgent'" }]);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.failure).toBe(failure);
  });

  it('classifies prose without any object as no_candidate', async () => {
    const error = await generateObject({
      model: mockModel('I am sorry, I cannot file that ticket.'),
      schema: ticket,
      prompt: 'File a ticket.',
      experimental_repairText: repairText(ticket),
    }).catch((e: unknown) => e);
    expect(NoObjectGeneratedError.isInstance(error)).toBe(true);
    expect(JSONParseError.isInstance((error as NoObjectGeneratedError).cause)).toBe(true);
    expect(airlockFailure(error)?.failure).toBe('no_candidate');
  });

  it('a listener that throws changes nothing: the repair stands, the SDK error stays the SDK error', async () => {
    const broken = () => {
      throw new Error('logger down');
    };
    const { object } = await generateObject({
      model: mockModel(FENCED_TRAILING_COMMA),
      schema: ticket,
      prompt: 'File a ticket.',
      experimental_repairText: repairText(ticket, { onRepair: broken }),
    });
    expect(object.tags).toEqual(['auth']);
    const error = await generateObject({
      model: mockModel('No ticket.'),
      schema: ticket,
      prompt: 'File a ticket.',
      experimental_repairText: repairText(ticket, { onFailure: broken }),
    }).catch((e: unknown) => e);
    expect(NoObjectGeneratedError.isInstance(error)).toBe(true);
    expect(airlockFailure(error)?.failure).toBe('no_candidate');
  });

  it('answers undefined for errors Airlock never saw', () => {
    expect(airlockFailure(new Error('boom'))).toBeUndefined();
    expect(airlockFailure('boom')).toBeUndefined();
    expect(airlockFailure(null)).toBeUndefined();
  });
});

describe('repairText with output: array', () => {
  it('repairs against the schema the SDK checks, { elements: [...] }', async () => {
    const item = z.object({ name: z.string() });
    const { object } = await generateObject({
      model: mockModel('```json\n{"elements": [{"name": "a"}, {"name": "b"},]}\n```'),
      output: 'array',
      schema: item,
      prompt: 'List two items.',
      experimental_repairText: repairText(z.object({ elements: z.array(item) })),
    });
    expect(object).toEqual([{ name: 'a' }, { name: 'b' }]);
  });
});

describe('repairText with streamObject', () => {
  it('repairs the final object of a stream', async () => {
    const reports: RepairReport[] = [];
    const result = streamObject({
      model: mockModel(FENCED_TRAILING_COMMA),
      schema: ticket,
      prompt: 'File a ticket.',
      experimental_repairText: repairText(ticket, { onRepair: (r) => reports.push(r) }),
    });
    for await (const _ of result.partialObjectStream) void _;
    expect(await result.object).toEqual({ title: 'Fix login', severity: 'high', tags: ['auth'] });
    expect(reports.map((r) => r.interventions.length)).toEqual([4]);
  });

  it("rejects the stream's object with the SDK's error and Airlock's failure class", async () => {
    const failures: RepairFailureReport[] = [];
    const result = streamObject({
      model: mockModel('{"title": "Fix login", "severity": "urgent", "tags": []}'),
      schema: ticket,
      prompt: 'File a ticket.',
      experimental_repairText: repairText(ticket, { onFailure: (f) => failures.push(f) }),
      onError: () => {},
    });
    for await (const _ of result.partialObjectStream) void _;
    const error = await result.object.catch((e: unknown) => e);
    expect(NoObjectGeneratedError.isInstance(error)).toBe(true);
    expect(airlockFailure(error)?.failure).toBe('schema');
    expect(failures).toHaveLength(1);
  });
});
