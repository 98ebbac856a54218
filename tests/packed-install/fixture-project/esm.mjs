// Imported the way an ESM user imports Airlock: the root and the published subpaths.
import { safeParse, parse, defineContract } from '@airlock/core';
import { closedJsonSchema } from '@airlock/core/schema';
import { renderInstructions } from '@airlock/core/agent';
import { installWasmScanner, isWasmReady, scan } from '@airlock/wasm-scanner';
import { runBatch } from '@airlock/worker';
import { ARTIFACT_CONTRACTS } from '@airlock/contracts';
import { renderReport } from '@airlock/viewer';
import { submitBatch } from '@airlock/queue';
import { z } from 'zod';

const ticket = defineContract({ name: 'ticket', schema: z.object({ title: z.string(), priority: z.number() }) });
const result = safeParse("Sure:\n```json\n{'title': 'Fix login', 'priority': 2,}\n```", ticket);
installWasmScanner();
console.log(JSON.stringify({
  success: result.success,
  data: result.success ? result.data : null,
  rules: result.interventions.map((i) => i.rule),
  parsed: parse('{"title":"x","priority":1}', ticket).title,
  schemaType: closedJsonSchema(ticket).type,
  wasm: isWasmReady() && scan('Here:\n```json\n{"a": 1}\n```').length > 0,
  exports: [typeof renderInstructions, typeof runBatch, typeof renderReport, typeof submitBatch, typeof ARTIFACT_CONTRACTS],
}));
