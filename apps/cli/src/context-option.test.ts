import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeBatchRecord, fingerprintContext } from '@airlock/worker';
import type { ParseResult } from '@airlock/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from './main.js';
import { memoryIo } from './test-support/memory-io.js';
import { cliIsBuilt, runCli } from './test-support/run-cli.js';

const RECORDS = 120;
const dir = mkdtempSync(join(tmpdir(), 'airlock-cli-context-'));
const file = (name: string): string => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const spec = `${fileURLToPath(new URL('./test-support/task-contract.ts', import.meta.url))}#ticketTask`;
const log = file('log.jsonl');
const context = file('ctx.json');
const output = (i: number): string => JSON.stringify({ title: `task ${i}`, priority: i % 5, ticket: i % 3 === 2 ? 'T-2' : 'T-1' });

beforeAll(() => {
  let text = '';
  for (let i = 0; i < RECORDS; i++) text += `${JSON.stringify({ id: `t${i}`, output: output(i) })}\n`;
  writeFileSync(log, text);
  writeFileSync(context, JSON.stringify({ ticket_id: 'T-1', labels: ['x'] }));
  writeFileSync(file('output.txt'), output(0));
  writeFileSync(file('bad.json'), '{"ticket_id": "T-1",}');
  writeFileSync(file('array.json'), '["T-1"]');
});

/** The records' results of a batch output (its metadata line dropped). */
function results(name: string): ParseResult<unknown>[] {
  return readFileSync(file(name), 'utf8').trimEnd().split('\n').slice(1).map((line) => decodeBatchRecord(line).result);
}

describe('--context', () => {
  it('gives airlock parse its context: valid with it, refused naming the key without it', async () => {
    const withContext = memoryIo();
    expect(await main(['parse', '-c', spec, '--context', context, file('output.txt')], withContext)).toBe(0);
    expect(JSON.parse(withContext.out())).toMatchObject({ success: true, data: { ticket: 'T-1' } });
    const without = memoryIo();
    expect(await main(['parse', '-c', spec, file('output.txt')], without)).toBe(1);
    expect(without.out()).toContain('context.ticket_id');
  });

  it('gives every record of airlock batch the context, the same on 0 and 2 threads', async () => {
    expect(cliIsBuilt(), 'the CLI tests run the built bin: run the build first').toBe(true);
    // From stdin: a log of unknown size takes the threads asked for (a small file runs inline),
    // so the context also reaches a worker thread.
    for (const threads of ['0', '2']) {
      const run = await runCli(['batch', '-', '-c', spec, '-o', file(`t${threads}.ndjson`), '--context', context, '--threads', threads, '--chunk-size', '16', '--quiet', '--stats-json', file(`t${threads}.json`)], { stdin: readFileSync(log) });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect((JSON.parse(readFileSync(file(`t${threads}.json`), 'utf8')) as { threads: number }).threads).toBe(Number(threads));
    }
    expect(readFileSync(file('t2.ndjson'), 'utf8')).toBe(readFileSync(file('t0.ndjson'), 'utf8'));
    const metadata = JSON.parse(readFileSync(file('t0.ndjson'), 'utf8').split('\n', 1)[0]!) as { airlock: { context?: unknown } };
    expect(metadata.airlock.context).toEqual({ fingerprint: fingerprintContext({ ticket_id: 'T-1', labels: ['x'] }) });
    expect(results('t0.ndjson').filter((r) => r.success)).toHaveLength((RECORDS * 2) / 3);

    const io = memoryIo();
    expect(await main(['batch', log, '-c', spec, '-o', file('none.ndjson'), '--threads', '0', '--quiet'], io)).toBe(0);
    const none = results('none.ndjson');
    expect(none).toHaveLength(RECORDS);
    for (const result of none) expect(result.success ? 'valid' : result.validationErrors?.[0]?.message).toContain('needs context.ticket_id');
  });

  const commands = [
    { command: 'parse', args: ['parse', '-c', spec, file('output.txt')] },
    { command: 'batch', args: ['batch', log, '-c', spec, '-o', file('err.ndjson'), '--threads', '0'] },
  ];
  const cases = [
    { name: 'a missing file', path: file('nope.json'), error: `cannot read context file ${file('nope.json')}: no such file` },
    { name: 'invalid JSON', path: file('bad.json'), error: `context file ${file('bad.json')} is not valid JSON: ` },
    { name: 'an array root', path: file('array.json'), error: `context file ${file('array.json')} must hold a JSON object, not an array` },
  ];
  it.each(commands.flatMap((c) => cases.map((k) => ({ ...c, ...k }))))('airlock $command answers $name with one line and exit 2', async ({ command, args, path, error }) => {
    const io = memoryIo(output(0));
    expect(await main([...args, '--context', path], io)).toBe(2);
    expect(io.out()).toBe('');
    expect(io.err().trimEnd().split('\n')).toHaveLength(1);
    expect(io.err()).toContain(`airlock ${command}: ${error}`);
  });

  it('is taken with --queue (queue-command.test.ts runs it through workers): only the unreachable Redis stops this one', async () => {
    const io = memoryIo();
    expect(await main(['batch', log, '-c', spec, '-o', file('queued.ndjson'), '--queue', 'redis://127.0.0.1:1', '--context', context], io)).toBe(1);
    expect(io.err()).toBe('airlock batch: cannot use Redis at redis://127.0.0.1:1: connection refused\n');
  });
});
