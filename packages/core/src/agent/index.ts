/**
 * `@airlock/core/agent`: the agent runtime on top of `safeParse`: contract
 * registry, result parser, block extraction and the bounded retry loop.
 *
 * @example
 * import { runWithRetries } from '@airlock/core/agent';
 *
 * @module @airlock/core/agent
 */
export { ContractRegistry, type AgentContract } from './contract-registry.js';
export { ResultParser, failureErrors, type AgentOutputValidationFailed, type ResultParserOptions } from './result-parser.js';
export { extractStructuredOutput, DEFAULT_BLOCK_MARKER, type ExtractionOptions } from './extract-structured-output.js';
export { agentResult, type AgentResult } from './agent-result.js';
export { describeSchema } from './describe-schema.js';
export { correctiveMessage, type CorrectiveMessageOptions } from './corrective-message.js';
export {
  runWithRetries,
  RETRY_ACTIONS,
  type AttemptFailure,
  type AttemptInfo,
  type AttemptKind,
  type ChatMessage,
  type ModelCall,
  type ModelReply,
  type RawAttempt,
  type RetryAction,
  type RetryPolicy,
  type RunOptions,
  type RunResult,
  type StopReason,
} from './run-with-retries.js';
export { replyEnvelope, checkToolArgs, type DirectAnswer, type EnvelopeReply, type ReplyEnvelope, type ToolCall, type ToolSchemas, type UncheckedReply } from './reply-envelope.js';
export { runReplyEnvelope, type ReplyEnvelopeRunOptions } from './run-reply-envelope.js';
export { streamStructuredOutput, type AgentStreamEvent } from './stream-structured-output.js';
export { attemptOnce, budgetSpent, type AttemptOutcome, type RunSummary } from './run-with-retries.js';
export type { DescribedSchema } from './describe-schema.js';
export { regexExample } from './regex-example.js';
export { renderInstructions, type RenderInstructionsOptions } from './render-instructions.js';
export { exampleValue } from './example-value.js';
