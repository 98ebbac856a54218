/**
 * `airlock repair`: the JSON repairer alone, as `npx jsonrepair` offers it: text in, repaired
 * JSON out, no contract. The interventions go to stderr so stdout stays the JSON to pipe on.
 */
import { parseArgs } from 'node:util';
import { repairJson, type RepairJsonOptions } from '@airlock/core';
import type { CliIo } from './cli-io.js';
import { readTextInput } from './read-text-input.js';
import { REPAIR_HELP } from './usage.js';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  interventions: { type: 'boolean' },
  expect: { type: 'string' },
  ndjson: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const EXPECTS = ['object', 'array', 'any'] as const;

function expectOption(value: string | undefined): RepairJsonOptions['expect'] {
  if (value === undefined) return undefined;
  const known = EXPECTS.find((e) => e === value);
  if (known === undefined) throw new UsageError(`--expect must be one of ${EXPECTS.join(', ')}, got "${value}"`);
  return known;
}

/**
 * Runs `airlock repair [file|-]`; resolves to the exit status (0 repaired or already valid,
 * 1 cannot be repaired).
 *
 * @example
 * process.exitCode = await repairCommand(['broken.json', '--interventions'], processIo());
 */
export async function repairCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  if (values.help === true) {
    io.stdout.write(`${REPAIR_HELP}\n`);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`repair takes one file (or - for stdin), got ${positionals.length}`);
  const expect = expectOption(values.expect);
  const text = await readTextInput(positionals[0], io.stdin);
  const result = repairJson(text, { ...(expect === undefined ? {} : { expect }), ...(values.ndjson === true ? { allowNdjson: true } : {}) });
  if (!result.ok) {
    io.stderr.write(`airlock repair: cannot repair ${positionals[0] === undefined || positionals[0] === '-' ? 'stdin' : positionals[0]} (${result.failure}): ${result.error}\n`);
    return 1;
  }
  // The repaired text keeps the input's own formatting; only a final newline is added for the terminal.
  io.stdout.write(result.text.endsWith('\n') ? result.text : `${result.text}\n`);
  if (values.interventions === true) {
    for (const intervention of result.interventions) io.stderr.write(`${JSON.stringify(intervention)}\n`);
  }
  return 0;
}
