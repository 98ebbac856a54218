/**
 * TinyAgent's turn: the reply must pass the strict envelope (a structured
 * repair retry fixes the envelope as usual); then a tool call's arguments are
 * checked against the tool's schema, and when only they are wrong the model
 * is asked for the arguments alone, once. If that retry fails too the turn
 * halts with an error: a tool never runs on arguments that did not validate.
 */
import { failure } from '../pipeline/failure.js';
import type { ParseFailure, ParseSuccess } from '../types.js';
import { correctiveMessage } from './corrective-message.js';
import { checkToolArgs, type EnvelopeReply, type ReplyEnvelope, type ToolSchemas } from './reply-envelope.js';
import { attemptOnce, budgetSpent, type AttemptFailure, runWithRetries, type RunOptions, type RunResult, type RunSummary } from './run-with-retries.js';

/** Arguments of {@link runReplyEnvelope}: those of `runWithRetries`, with the envelope as the contract. */
export type ReplyEnvelopeRunOptions<Tools extends ToolSchemas> = Omit<RunOptions<unknown>, 'contract'> & { envelope: ReplyEnvelope<Tools> };

/**
 * Runs one agent turn against a reply envelope.
 *
 * @example
 * const envelope = replyEnvelope({ tools: { search: z.object({ query: z.string() }) } });
 * const turn = await runReplyEnvelope({ call, envelope, messages });
 * if (turn.success && 'tool' in turn.data) await tools[turn.data.tool](turn.data.args);
 * else if (!turn.success) turn.stopReason; // e.g. 'args_retry_failed'
 */
export async function runReplyEnvelope<Tools extends ToolSchemas>(options: ReplyEnvelopeRunOptions<Tools>): Promise<RunResult<EnvelopeReply<Tools>>> {
  const { envelope, ...rest } = options;
  const turn = await runWithRetries({ ...rest, contract: envelope.shapeSchema });
  if (!turn.success) return turn;
  if (!('tool' in turn.data)) return turn as RunResult<EnvelopeReply<Tools>>;
  const { tool } = turn.data;
  const args = checkToolArgs(envelope, tool, turn.data.args);
  const toolCall = (value: unknown) => ({ tool, args: value }) as EnvelopeReply<Tools>;
  if (args.ok) return { ...turn, data: toolCall(args.value), result: { ...turn.result, data: toolCall(args.value) } };

  const summary: RunSummary = { rawAttempts: turn.rawAttempts, messages: turn.messages, usage: turn.usage };
  const argsFailure = failure('schema', `The arguments of tool "${tool}" do not match its schema.`, { validationErrors: args.issues, raw: turn.data.args });
  const halt = (stopReason: 'args_retry_failed' | 'budget_exhausted', result: ParseFailure, failed: AttemptFailure = result.failure) => ({ ...summary, success: false as const, failure: failed, result, stopReason });
  if ((options.policy?.maxStructuredRetries ?? 1) < 1) return halt('args_retry_failed', argsFailure);
  if (budgetSpent(options.policy ?? {}, summary)) return halt('budget_exhausted', argsFailure);

  const schema = envelope.tools[tool]!;
  const headline = `The arguments of your call to tool "${tool}" do not match its schema.`;
  // Same wording rules as the loop's corrective message: the block the parse looks for and
  // the repairs the profile refuses, or a `fallbackToRawJson: false` run could never pass.
  const { blockMarker, repair } = options.parse ?? {};
  const fix = correctiveMessage(argsFailure, schema, {
    headline,
    payload: 'arguments',
    ...(blockMarker === undefined ? {} : { blockMarker }),
    ...(repair === undefined ? {} : { repair }),
  });
  const messages = [...turn.messages, { role: 'user' as const, content: fix }];
  const retry = await attemptOnce(options.call, messages, { index: turn.rawAttempts.length, kind: 'args_repair' }, schema, options.parse, summary);
  if (!retry.result.success) return halt('args_retry_failed', retry.result, retry.failure ?? retry.result.failure);
  const result: ParseSuccess<EnvelopeReply<Tools>> = { ...retry.result, data: toolCall(retry.result.data) };
  return { ...summary, success: true, data: result.data, result, path: 'args_repair', stopReason: 'succeeded' };
}
