/**
 * `airlock parse`: one output through the pipeline, printed as JSON. With `--partial` the
 * output is read as the prefix of a streamed answer (docs/streaming.md): the result holds the
 * value received so far, `complete` and the state of every path still arriving.
 */
import { parseArgs } from 'node:util';
import { safeParse } from '@airlock/core';
import { loadContract } from '@airlock/worker';
import type { CliIo } from './cli-io.js';
import { formatParseResult } from './format-parse-result.js';
import { parseContractSpec } from './parse-contract-spec.js';
import { parseCount } from './parse-count.js';
import { readContextFile } from './read-context-file.js';
import { readTextInput } from './read-text-input.js';
import { PARSE_HELP } from './usage.js';
import { UsageError } from './usage-error.js';

/** BigInts (from a contract's transform) have no JSON form. */
function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/**
 * Runs `airlock parse`; resolves to the exit status (0 valid, 1 invalid; with `--partial`, 0
 * when the value received so far is valid).
 *
 * @example
 * process.exitCode = await parseCommand(['--contract', './contract.ts#review', 'output.txt'], processIo());
 */
export async function parseCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { contract: { type: 'string', short: 'c' }, context: { type: 'string' }, compact: { type: 'boolean' }, partial: { type: 'boolean' }, pretty: { type: 'boolean' }, 'load-timeout': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help === true) {
    io.stdout.write(`${PARSE_HELP}\n`);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`parse takes one file (or - for stdin), got ${positionals.length}`);
  const loadTimeout = parseCount('--load-timeout', values['load-timeout'], 30, 1);
  // Read before the contract loads: a bad context file fails fast, whatever the contract costs.
  const context = values.context === undefined ? undefined : await readContextFile(values.context);
  const contract = await loadContract(parseContractSpec(values.contract), undefined, { timeoutMs: loadTimeout * 1000 });
  const text = await readTextInput(positionals[0], io.stdin);
  const result = safeParse(text, contract, { ...(context !== undefined && { context }), ...(values.partial === true && { partial: true }) });
  if (values.pretty === true && values.compact === true) throw new UsageError('--pretty and --compact exclude each other');
  io.stdout.write(values.pretty === true ? `${formatParseResult(result)}\n` : `${JSON.stringify(result, replacer, values.compact === true ? undefined : 2)}\n`);
  return result.success ? 0 : 1;
}
