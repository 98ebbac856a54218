import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from './main.js';
import { memoryIo } from './test-support/memory-io.js';
import { PARSE_HELP } from './usage.js';

const spec = `${fileURLToPath(new URL('./test-support/task-contract.ts', import.meta.url))}#task`;

async function parsePartial(stdin: string, ...flags: string[]): Promise<{ code: number; result: Record<string, unknown> }> {
  const io = memoryIo(stdin);
  const code = await main(['parse', '-c', spec, '--partial', '--compact', ...flags], io);
  return { code, result: JSON.parse(io.out()) as Record<string, unknown> };
}

describe('airlock parse --partial', () => {
  it('prints the value received so far with its states and exits 0 while it is valid', async () => {
    const { code, result } = await parsePartial('Here you go:\n```json\n{"title": "Fix lo');
    expect(code).toBe(0);
    expect(result).toMatchObject({ success: true, complete: false, data: { title: 'Fix lo' }, states: { '(root)': 'incomplete', title: 'incomplete', priority: 'missing' } });
  });

  it('reads a whole answer as complete, with no open states', async () => {
    const { code, result } = await parsePartial('{"title": "Fix login", "priority": 1}');
    expect(code).toBe(0);
    expect(result).toMatchObject({ success: true, complete: true, data: { title: 'Fix login', priority: 1 }, states: {}, interventions: [] });
  });

  it('exits 1 when what arrived already fails the contract', async () => {
    const { code, result } = await parsePartial('{"priority": 9, "title": "Fix');
    expect(code).toBe(1);
    expect(result).toMatchObject({ success: false, failure: 'schema', complete: false, validationErrors: [{ path: 'priority' }] });
  });

  it('exits 1 with truncated when no value has started yet', async () => {
    const { code, result } = await parsePartial('Sure, here is the task:');
    expect(code).toBe(1);
    expect(result).toMatchObject({ success: false, failure: 'truncated' });
  });

  it('without --partial the same prefix is a truncated failure', async () => {
    const io = memoryIo('{"title": "Fix lo');
    expect(await main(['parse', '-c', spec, '--compact'], io)).toBe(1);
    expect(JSON.parse(io.out())).toMatchObject({ success: false, failure: 'truncated' });
  });

  it('is documented in the help', () => {
    expect(PARSE_HELP).toContain('--partial');
    expect(PARSE_HELP).toMatch(/with --partial: valid so far/);
  });
});
