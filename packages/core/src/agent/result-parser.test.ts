import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agentResult } from './agent-result.js';
import { ContractRegistry } from './contract-registry.js';
import { ResultParser, type AgentOutputValidationFailed } from './result-parser.js';
import { BAD_SEVERITY, GOOD_REVIEW, reviewSchema } from './test-support/review-schema.js';

const planSchema = z.object({ steps: z.array(z.string()).min(1) });

function setUp() {
  const registry = new ContractRegistry();
  registry.register({ name: 'reviewer', outputSchema: reviewSchema });
  registry.register({ name: 'planner', outputSchema: planSchema, blockMarker: 'aamf-json' });
  const events: AgentOutputValidationFailed[] = [];
  const parser = new ResultParser(registry, { onValidationFailed: (event) => events.push(event) });
  return { parser, events };
}

const block = (marker: string, json: string) => `Work done.\n\`\`\`${marker}\n${json}\n\`\`\`\n`;

describe('ResultParser', () => {
  it("parses an agent's block against its registered contract", () => {
    const { parser, events } = setUp();
    const result = parser.parse<z.infer<typeof reviewSchema>>('reviewer', block('cadre-json', GOOD_REVIEW));
    expect(result.success && result.data.verdict).toBe('approve');
    expect(result.interventions).toEqual([]);
    expect(events).toEqual([]);
  });

  it("uses the agent's own block marker", () => {
    const { parser } = setUp();
    expect(parser.parse('planner', block('aamf-json', '{"steps":["test"]}')).success).toBe(true);
  });

  it("formats validation errors as cadre's path: message strings and emits the failure event", () => {
    const { parser, events } = setUp();
    const result = parser.parse('reviewer', block('cadre-json', BAD_SEVERITY));
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.validationErrors?.map((e) => `${e.path}: ${e.message}`)).toEqual(["issues[0].severity: Expected 'critical' | 'major' | 'minor', received 'high'"]);
    expect(result.raw).toEqual(JSON.parse(BAD_SEVERITY));
    expect(events).toEqual([
      {
        type: 'agent-output-validation-failed',
        agentName: 'reviewer',
        failure: 'schema',
        errors: [{ path: 'issues[0].severity', message: "Expected 'critical' | 'major' | 'minor', received 'high'" }],
      },
    ]);
  });

  it('reports an extraction failure at (root) in the event and in AgentResult', () => {
    const { parser, events } = setUp();
    const result = parser.parse('planner', 'I could not plan this.');
    expect(!result.success && result.extractionError).toBe('No JSON object or array found in the candidate.');
    expect(events[0]).toEqual({
      type: 'agent-output-validation-failed',
      agentName: 'planner',
      failure: 'no_candidate',
      errors: [{ path: '(root)', message: 'No JSON object or array found in the candidate.' }],
    });
    expect(agentResult(result)).toEqual({ outputParsed: false, parseErrors: [{ path: '(root)', message: 'No JSON object or array found in the candidate.' }] });
  });

  it('builds AgentResult fields from a success', () => {
    const { parser } = setUp();
    expect(agentResult(parser.parse('planner', block('aamf-json', '{"steps":["a"]}')))).toEqual({ outputParsed: true, parsedOutput: { steps: ['a'] } });
  });

  it('parseWithSchema needs no registry entry and emits with agentName null', () => {
    const { parser, events } = setUp();
    expect(parser.parseWithSchema(block('cadre-json', '{"n":1}'), z.object({ n: z.number() }))).toMatchObject({ success: true, data: { n: 1 } });
    parser.parseWithSchema('', z.object({ n: z.number() }));
    expect(events).toEqual([{ type: 'agent-output-validation-failed', agentName: null, failure: 'empty_output', errors: [{ path: '(root)', message: 'The model output is empty.' }] }]);
  });

  it('throws on an unregistered agent, naming the registered ones', () => {
    const { parser } = setUp();
    expect(() => parser.parse('coder', '{}')).toThrow('ResultParser: no contract is registered for agent "coder" (registered: reviewer, planner).');
  });

  it('a throwing listener does not change the result', () => {
    const registry = new ContractRegistry();
    registry.register({ name: 'reviewer', outputSchema: reviewSchema });
    const parser = new ResultParser(registry, {
      onValidationFailed: () => {
        throw new Error('listener broke');
      },
    });
    expect(parser.parse('reviewer', BAD_SEVERITY)).toMatchObject({ success: false, failure: 'schema' });
  });

  it('one shared parser serves interleaved concurrent agent runs, each getting its own result and event', async () => {
    const { parser, events } = setUp();
    const outputs = Array.from({ length: 60 }, (_, k) => {
      const agent = k % 2 === 0 ? 'reviewer' : 'planner';
      const good = k % 3 !== 0;
      const json = agent === 'reviewer' ? (good ? GOOD_REVIEW : BAD_SEVERITY) : good ? `{"steps":["step ${k}"]}` : '{"steps":[]}';
      return { k, agent, good, content: block(agent === 'reviewer' ? 'cadre-json' : 'aamf-json', json) };
    });
    // Each run waits a different number of turns before and between its parses, so the calls interleave.
    const results = await Promise.all(
      outputs.map(async ({ k, agent, content }) => {
        for (let turn = 0; turn < (k * 7) % 5; turn++) await Promise.resolve();
        const first = parser.parse(agent, content);
        await new Promise((resolve) => setTimeout(resolve, (k * 13) % 4));
        return { first, second: parser.parse(agent, content) };
      }),
    );
    for (const [k, { first, second }] of results.entries()) {
      const { agent, good } = outputs[k]!;
      expect(first).toEqual(second);
      expect(first.success).toBe(good);
      if (agent === 'planner' && first.success) expect(first.data).toEqual({ steps: [`step ${k}`] });
    }
    const failedAgents = outputs.filter((o) => !o.good).map((o) => o.agent);
    expect(events.map((e) => e.agentName).sort()).toEqual([...failedAgents, ...failedAgents].sort());
    expect(events.filter((e) => e.agentName === 'planner').every((e) => e.errors[0]?.path === 'steps')).toBe(true);
  });
});
