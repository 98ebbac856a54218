import { generateText, NoObjectGeneratedError, Output, streamText, TypeValidationError } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { airlockFailure } from './airlock-failure.js';
import { objectOutput } from './object-output.js';
import type { RepairFailureReport, RepairReport } from './repair-report.js';
import { mockModel } from './test-support/mock-model.js';

const ticket = z.object({ title: z.string(), severity: z.enum(['low', 'high']), tags: z.array(z.string()) });
const FENCED_TRAILING_COMMA = 'Here is the ticket:\n```json\n{"title": "Fix login", "severity": "high", "tags": ["auth",],}\n```';

describe('objectOutput with generateText', () => {
  it('the plain Output.object rejects the text Airlock repairs', async () => {
    const call = generateText({ model: mockModel(FENCED_TRAILING_COMMA), prompt: 'File a ticket.', output: Output.object({ schema: ticket }) });
    await expect(call).rejects.toSatisfy((error: unknown) => NoObjectGeneratedError.isInstance(error));
  });

  it('repairs a fenced object with trailing commas into the call\'s output and reports the interventions', async () => {
    const reports: RepairReport[] = [];
    const model = mockModel(FENCED_TRAILING_COMMA);
    const result = await generateText({
      model,
      prompt: 'File a ticket.',
      output: objectOutput({ schema: ticket, name: 'ticket', onRepair: (r) => reports.push(r) }),
    });
    expect(result.output).toEqual({ title: 'Fix login', severity: 'high', tags: ['auth'] });
    expect(result.text).toBe(FENCED_TRAILING_COMMA);
    expect(reports).toHaveLength(1);
    expect(reports[0]!.interventions.map((i) => i.rule)).toEqual(['leading_prose_trimmed', 'trailing_comma', 'trailing_comma', 'code_fence_trimmed']);
    expect(NoObjectGeneratedError.isInstance(reports[0]!.error)).toBe(true);
    // The provider still receives the JSON Schema, as with Output.object.
    const format = model.doGenerateCalls[0]!.responseFormat;
    expect(format).toMatchObject({ type: 'json', name: 'ticket', schema: { type: 'object', required: ['title', 'severity', 'tags'] } });
  });

  it('keeps the SDK\'s value and reports nothing when the text is clean', async () => {
    const reports: unknown[] = [];
    const { output } = await generateText({
      model: mockModel('{"title":"Fix login","severity":"low","tags":[]}'),
      prompt: 'File a ticket.',
      output: objectOutput({ schema: ticket, onRepair: (r) => reports.push(r), onFailure: (r) => reports.push(r) }),
    });
    expect(output).toEqual({ title: 'Fix login', severity: 'low', tags: [] });
    expect(reports).toEqual([]);
  });

  it('throws the SDK\'s error with Airlock\'s failure class when nothing can be repaired', async () => {
    const failures: RepairFailureReport[] = [];
    const error = await generateText({
      model: mockModel('```json\n{"title": "Fix login", "severity": "urgent", "tags": []}\n```'),
      prompt: 'File a ticket.',
      output: objectOutput({ schema: ticket, onFailure: (f) => failures.push(f) }),
    }).catch((e: unknown) => e);
    expect(NoObjectGeneratedError.isInstance(error)).toBe(true);
    expect(airlockFailure(error)?.failure).toBe('schema');
    expect(airlockFailure(error)?.validationErrors).toEqual([{ path: 'severity', message: "Expected 'low' | 'high', received 'urgent'" }]);
    expect(failures.map((f) => f.error)).toEqual([error]);
  });

  it('reports a cut-off output as truncated', async () => {
    const error = await generateText({
      model: mockModel('{"title": "Fix login", "severity": "hi'),
      prompt: 'File a ticket.',
      output: objectOutput({ schema: ticket }),
    }).catch((e: unknown) => e);
    expect(NoObjectGeneratedError.isInstance(error)).toBe(true);
    expect(airlockFailure(error)?.failure).toBe('truncated');
    expect(airlockFailure(error)?.interventions.map((i) => i.rule)).toEqual(['truncated_string_closed', 'truncated_structure_closed']);
  });

  it('accepts an Airlock contract: its schema goes to the SDK, its normalization to the repair', async () => {
    const { defineContract } = await import('@airlock/core');
    const contract = defineContract({ name: 'ticket', schema: ticket, aliases: { title: ['summary'] } });
    const rules: string[] = [];
    const { output } = await generateText({
      model: mockModel('{"summary": "Fix login", "severity": "low", "tags": []}'),
      prompt: 'File a ticket.',
      output: objectOutput({ schema: contract, onRepair: (r) => rules.push(...r.interventions.map((i) => i.rule)) }),
    });
    expect(output).toEqual({ title: 'Fix login', severity: 'low', tags: [] });
    expect(rules).toEqual(['key_aliased']);
  });

  it('coerces what the contract allows and keeps the SDK\'s validation error for the rest', async () => {
    const rules: string[] = [];
    const { output } = await generateText({
      model: mockModel('{"title": 7, "severity": "low", "tags": []}'),
      prompt: 'File a ticket.',
      output: objectOutput({ schema: ticket, onRepair: (r) => rules.push(...r.interventions.map((i) => i.rule)) }),
    });
    expect(output.title).toBe('7');
    expect(rules).toEqual(['scalar_to_string']);
    const error = await generateText({
      model: mockModel('{"severity": "low", "tags": []}'),
      prompt: 'File a ticket.',
      output: objectOutput({ schema: ticket }),
    }).catch((e: unknown) => e);
    expect(TypeValidationError.isInstance((error as NoObjectGeneratedError).cause)).toBe(true);
    expect(airlockFailure(error)?.failure).toBe('schema');
    expect(airlockFailure(error)?.validationErrors).toEqual([{ path: 'title', message: 'Required' }]);
  });
});

describe('objectOutput with streamText', () => {
  it('repairs the final output of a stream', async () => {
    const reports: RepairReport[] = [];
    const result = streamText({
      model: mockModel(FENCED_TRAILING_COMMA),
      prompt: 'File a ticket.',
      output: objectOutput({ schema: ticket, onRepair: (r) => reports.push(r) }),
    });
    await result.consumeStream();
    expect(await result.output).toEqual({ title: 'Fix login', severity: 'high', tags: ['auth'] });
    expect(reports).toHaveLength(1);
  });
});
