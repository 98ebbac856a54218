import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processLog } from './process-log.js';

const dir = mkdtempSync(join(tmpdir(), 'bench-process-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const log = join(dir, 'log.jsonl');
writeFileSync(log, ['{"output":"a"}', '{"output":"bb"}', '', '{"output":"ccc"}', ''].join('\n'));

describe('processLog', () => {
  it('counts records, accepted outputs and bytes, from booleans or results', async () => {
    const pass = await processLog(log, (output) => output.length > 1);
    expect(pass).toMatchObject({ records: 3, accepted: 2, bytes: 15 + 16 + 17 });
    expect((await processLog(log, (output) => ({ success: output === 'a' }))).accepted).toBe(1);
  });

  it('waits for a per-record callback that returns a promise before reading on', async () => {
    const events: string[] = [];
    await processLog(
      log,
      (output) => {
        events.push(`run ${output}`);
        return true;
      },
      (line, result) => {
        events.push(`record ${line} ${String(result)}`);
        // The second record's callback makes the loop wait, as a full write stream does.
        if (line !== 2) return undefined;
        return new Promise<void>((resolve) => setTimeout(() => {
          events.push('drained');
          resolve();
        }, 20));
      },
    );
    expect(events).toEqual(['run a', 'record 1 true', 'run bb', 'record 2 true', 'drained', 'run ccc', 'record 4 true']);
  });
});
