// Type-checked with strict settings against the installed declarations: result.data must be the
// schema's type (neither unknown nor any), from a bare schema and from a contract.
import { safeParse, defineContract, type ParseResult, type Intervention } from '@airlock/core';
import { closedJsonSchema } from '@airlock/core/schema';
import { renderInstructions } from '@airlock/core/agent';
import { installWasmScanner } from '@airlock/wasm-scanner';
import { runBatch } from '@airlock/worker';
import { ARTIFACT_CONTRACTS } from '@airlock/contracts';
import { renderReport } from '@airlock/viewer';
import { submitBatch } from '@airlock/queue';
import { z } from 'zod';

const schema = z.object({ title: z.string(), priority: z.number(), tags: z.array(z.string()).optional() });
const fromSchema = safeParse('{"title": "Fix login", "priority": 2}', schema);
if (fromSchema.success) {
  const title: string = fromSchema.data.title;
  const priority: number = fromSchema.data.priority;
  const tags: string[] | undefined = fromSchema.data.tags;
  void title, priority, tags;
}

const ticket = defineContract({ name: 'ticket', schema, aliases: { title: ['name'] } });
const fromContract: ParseResult<z.infer<typeof schema>> = safeParse('{"name": "Fix login", "priority": 2}', ticket);
if (fromContract.success) {
  const title: string = fromContract.data.title;
  // @ts-expect-error data is typed: a string field is not a number (fails if data were any)
  const wrong: number = fromContract.data.title;
  void title, wrong;
} else {
  const failure: 'schema' | 'syntax' | string = fromContract.failure;
  void failure;
}
const first: Intervention | undefined = fromContract.interventions[0];
void first, closedJsonSchema, renderInstructions, installWasmScanner, runBatch, ARTIFACT_CONTRACTS, renderReport, submitBatch;
