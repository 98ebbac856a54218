/**
 * `airlock schema`: a contract's schema in a provider's structured-output
 * dialect. The projection goes to stdout (ready to paste into a request), the
 * constraints the provider cannot enforce to stderr, one line each.
 */
import { parseArgs } from 'node:util';
import { AgentSchemaProfileError, isProvider, projectSchema, PROVIDERS } from '@airlock/core/schema';
import { loadContract } from '@airlock/worker';
import type { CliIo } from './cli-io.js';
import { parseContractSpec } from './parse-contract-spec.js';
import { SCHEMA_HELP } from './usage.js';
import { UsageError } from './usage-error.js';

/**
 * Runs `airlock schema`; resolves to the exit status (0 projected, 2 outside
 * the profile or a usage error).
 *
 * @example
 * process.exitCode = await schemaCommand(['--contract', './contract.ts#review', '--provider', 'openai'], processIo());
 */
export async function schemaCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      contract: { type: 'string', short: 'c' },
      provider: { type: 'string', short: 'p' },
      name: { type: 'string' },
      description: { type: 'string' },
      compact: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
  });
  if (values.help === true) {
    io.stdout.write(`${SCHEMA_HELP}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`schema takes no positional arguments, got "${positionals[0]}"`);
  if (values.provider === undefined) throw new UsageError(`--provider is required (${PROVIDERS.join(', ')})`);
  if (!isProvider(values.provider)) throw new UsageError(`--provider must be one of ${PROVIDERS.join(', ')}, got "${values.provider}"`);
  const contract = await loadContract(parseContractSpec(values.contract));
  let projection;
  try {
    projection = projectSchema(values.provider, contract, { ...(values.name === undefined ? {} : { name: values.name }), ...(values.description === undefined ? {} : { description: values.description }) });
  } catch (error) {
    if (!(error instanceof AgentSchemaProfileError)) throw error;
    // Every offending path, one per line: fixing them one run at a time would be tedious.
    io.stderr.write(`airlock schema: ${error.message}\n`);
    return 2;
  }
  io.stdout.write(`${JSON.stringify(projection.schema, null, values.compact === true ? undefined : 2)}\n`);
  for (const lost of projection.lost) io.stderr.write(`lost at ${lost.path}: ${lost.constraint} (${lost.reason})\n`);
  return 0;
}
