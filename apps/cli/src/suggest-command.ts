/**
 * `airlock suggest`: proposes contract additions from a batch's failures and
 * interventions, as a `defineContract` fragment or JSON. Nothing is applied.
 */
import { parseArgs } from 'node:util';
import { toContract } from '@airlock/core';
import { formatContractFragment, loadContract, readBatchOutput, suggestContractAdditions } from '@airlock/worker';
import type { CliIo } from './cli-io.js';
import { parseContractSpec } from './parse-contract-spec.js';
import { SUGGEST_HELP } from './usage.js';
import { UsageError } from './usage-error.js';

/**
 * Runs `airlock suggest out.ndjson --contract mod#export [--json]`; resolves to the exit status.
 *
 * @example
 * process.exitCode = await suggestCommand(['out.ndjson', '--contract', './contract.ts#review'], processIo());
 */
export async function suggestCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: { contract: { type: 'string', short: 'c' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    allowPositionals: true,
  });
  if (values.help === true) {
    io.stdout.write(`${SUGGEST_HELP}\n`);
    return 0;
  }
  const [path] = positionals;
  if (path === undefined || positionals.length > 1) throw new UsageError('suggest takes one batch output: airlock suggest <out.ndjson> --contract <module>#<export>');
  const ref = parseContractSpec(values.contract);
  const contract = await loadContract(ref);
  const output = await readBatchOutput(path);
  const suggestions = await suggestContractAdditions(output, contract);
  if (values.json === true) {
    io.stdout.write(`${JSON.stringify(suggestions, null, 2)}\n`);
    return 0;
  }
  // A bare schema resolves to the contract toContract caches for it; a defineContract export is its own object.
  const isContract = toContract(contract.schema, ref.export) !== contract;
  io.stdout.write(`${formatContractFragment(suggestions, { exportName: ref.export, isContract })}\n`);
  return 0;
}
