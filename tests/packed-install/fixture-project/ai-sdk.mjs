// The AI SDK adapter as a user installs it: `ai` arrives as its peer, and the SDK's own mock
// model stands in for a provider. One output repaired, one that cannot be.
import { generateObject, NoObjectGeneratedError } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { airlockFailure, repairText } from '@airlock/ai-sdk';
import { z } from 'zod';

const answering = (text) =>
  new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 1, text: 1, reasoning: undefined },
      },
      warnings: [],
    }),
  });

const ticket = z.object({ title: z.string(), priority: z.number() });
const rules = [];
const { object } = await generateObject({
  model: answering('Sure:\n```json\n{"title": "Fix login", "priority": 2,}\n```'),
  schema: ticket,
  prompt: 'File a ticket.',
  experimental_repairText: repairText(ticket, { onRepair: (r) => rules.push(...r.interventions.map((i) => i.rule)) }),
});
const failure = await generateObject({
  model: answering('No ticket today.'),
  schema: ticket,
  prompt: 'File a ticket.',
  experimental_repairText: repairText(ticket),
}).then(
  () => null,
  (error) => ({ sdkError: NoObjectGeneratedError.isInstance(error), failure: airlockFailure(error)?.failure }),
);
console.log(JSON.stringify({ object, rules, failure }));
