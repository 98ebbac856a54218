/**
 * The `airlock` command line: dispatch, and the one place errors become a
 * single stderr line and an exit status.
 */
import { airlockVersion, BatchError } from '@airlock/worker';
import { processIo, type CliIo } from './cli-io.js';
import { MAIN_HELP } from './usage.js';
import { UsageError } from './usage-error.js';

type Command = (args: string[], io: CliIo) => Promise<number>;

/** Each command's module loads when it runs: a batch does not load the report's viewer or the queue's client. */
const COMMANDS: Record<string, () => Promise<Command>> = {
  parse: async () => (await import('./parse-command.js')).parseCommand,
  repair: async () => (await import('./repair-command.js')).repairCommand,
  batch: async () => (await import('./batch-command.js')).batchCommand,
  diff: async () => (await import('./diff-command.js')).diffCommand,
  schema: async () => (await import('./schema-command.js')).schemaCommand,
  worker: async () => (await import('./worker-command.js')).workerCommand,
  queue: async () => (await import('./queue-command.js')).queueCommand,
  report: async () => (await import('./report-command.js')).reportCommand,
  suggest: async () => (await import('./suggest-command.js')).suggestCommand,
};

function errorStatus(error: unknown): { message: string; status: number } {
  if (error instanceof UsageError) return { message: error.message, status: 2 };
  // Setup problems (contract, input, refusals) are usage errors; I/O failing mid-run is not.
  if (error instanceof BatchError) return { message: error.message, status: error.kind === 'output' || error.kind === 'worker' || error.kind === 'read' ? 1 : 2 };
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) return { message: (error as Error).message.split(/\n|\. To specify/, 1)[0]!, status: 2 };
  return { message: `internal error: ${error instanceof Error ? error.stack ?? error.message : String(error)}`, status: 1 };
}

/**
 * Runs the CLI; resolves to the exit status.
 *
 * @example
 * process.exitCode = await main(process.argv.slice(2));
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    (command === undefined ? io.stderr : io.stdout).write(`${MAIN_HELP}\n`);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-v' || command === 'version') {
    io.stdout.write(`${airlockVersion()}\n`);
    return 0;
  }
  const load = COMMANDS[command];
  if (load === undefined || !Object.prototype.hasOwnProperty.call(COMMANDS, command)) {
    io.stderr.write(`airlock: unknown command "${command}" (see airlock --help)\n`);
    return 2;
  }
  try {
    return await (await load())(rest, io);
  } catch (error) {
    const { message, status } = errorStatus(error);
    io.stderr.write(`airlock ${command}: ${message}${status === 2 && !(error instanceof BatchError) ? ` (see airlock ${command} --help)` : ''}\n`);
    return status;
  }
}
