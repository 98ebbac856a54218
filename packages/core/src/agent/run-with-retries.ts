/**
 * The bounded retry loop of the output-normalization retry classes. It reads
 * each attempt's failure class to choose the path:
 * - `schema` / `syntax` / `repair_denied`: a structured repair retry, in the same
 *   conversation plus a corrective message (at most `maxStructuredRetries`);
 * - `empty_output` / `prompt_echo` / `truncated` / a thrown call: a fresh retry,
 *   a new conversation (at most `maxFreshRetries`);
 * - anything else (`no_candidate`): no automatic retry.
 * A reply that stopped for length is `truncated` even when the cut text parses:
 * the missing tail would otherwise pass as a complete answer.
 */
import type { AnySchema, Contract } from '../contract/contract.js';
import { failure } from '../pipeline/failure.js';
import type { FailureClass, Intervention, ParseFailure, ParseResult, ParseSuccess, ValidationIssue } from '../types.js';
import { correctiveMessage } from './corrective-message.js';
import { extractStructuredOutput, type ExtractionOptions } from './extract-structured-output.js';

/** One message of a conversation, in the shape every chat API accepts. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What the caller's model function returns. */
export interface ModelReply {
  text: string;
  /** The provider's finish reason; `length` marks a reply cut off at the token limit. */
  finishReason?: string;
  /** Token usage when the provider reports it; counts against `policy.budget.maxTokens`. */
  usage?: { inputTokens?: number; outputTokens?: number; totalTokens?: number };
  /** Cost of the call in the caller's unit; counts against `policy.budget.maxCost`. */
  cost?: number;
}

/** Which path an attempt took; `args_repair` is the reply envelope's retry of a tool call's arguments. */
export type AttemptKind = 'initial' | 'structured_repair' | 'fresh' | 'args_repair';

/** Passed to the model function with each call. */
export interface AttemptInfo {
  /** 0 for the first call. */
  index: number;
  kind: AttemptKind;
}

/** The caller's model: any function from messages to a reply; throwing counts as a transport error. */
export type ModelCall = (messages: readonly ChatMessage[], attempt: AttemptInfo) => ModelReply | Promise<ModelReply>;

/** A failure class, or a call that threw before any text arrived. */
export type AttemptFailure = FailureClass | 'transport_error';

/** What to do after a failed attempt. */
export type RetryAction = 'structured_repair' | 'fresh' | 'none';

/** The default retry class of each failure. */
export const RETRY_ACTIONS: Readonly<Record<AttemptFailure, RetryAction>> = {
  schema: 'structured_repair',
  syntax: 'structured_repair',
  repair_denied: 'structured_repair',
  empty_output: 'fresh',
  prompt_echo: 'fresh',
  truncated: 'fresh',
  transport_error: 'fresh',
  no_candidate: 'none',
  bad_record: 'none',
};

/** Bounds on retrying. */
export interface RetryPolicy {
  /** Structured repair retries after the first reply. Default 1; 0 disables them. */
  maxStructuredRetries?: number;
  /** Fresh-session retries, counted separately. Default 1. */
  maxFreshRetries?: number;
  /** Stop retrying once this much was spent over all attempts. */
  budget?: { maxTokens?: number; maxCost?: number };
}

/** One call to the model, kept whatever its outcome. */
export interface RawAttempt {
  index: number;
  kind: AttemptKind;
  /** The reply text ('' when the call threw). */
  text: string;
  finishReason?: string;
  /** null when this attempt succeeded. */
  failure: AttemptFailure | null;
  /** The parse error, or the thrown error's message. */
  error?: string;
  validationErrors?: ValidationIssue[];
  interventions: Intervention[];
  durationMs: number;
  tokens?: number;
  cost?: number;
}

/** Why the loop ended. */
export type StopReason = 'succeeded' | 'not_retryable' | 'structured_retries_exhausted' | 'fresh_retries_exhausted' | 'budget_exhausted' | 'args_retry_failed';

export interface RunSummary {
  rawAttempts: RawAttempt[];
  /** The last attempt's conversation ending with its reply: continue it (tool results, next turn) from here. */
  messages: ChatMessage[];
  /** Totals over all attempts of what the model function reported. */
  usage: { tokens: number; cost: number };
}

/** Result of {@link runWithRetries}. */
export type RunResult<T> =
  | (RunSummary & { success: true; data: T; result: ParseSuccess<T>; path: AttemptKind; stopReason: 'succeeded' })
  | (RunSummary & { success: false; failure: AttemptFailure; result: ParseFailure; stopReason: Exclude<StopReason, 'succeeded'> });

/** Arguments of {@link runWithRetries}. */
export interface RunOptions<T> {
  call: ModelCall;
  /** The contract (or bare schema) the output must satisfy. */
  contract: Contract<T> | AnySchema<T>;
  /** The conversation of the first attempt; fresh retries start from it again. */
  messages: readonly ChatMessage[];
  policy?: RetryPolicy;
  /** Parse options; with `blockMarker` the output block is preferred and named in corrective messages. */
  parse?: ExtractionOptions;
}

function tokensOf(reply: ModelReply): number | undefined {
  const usage = reply.usage;
  if (usage === undefined) return undefined;
  if (usage.totalTokens !== undefined) return usage.totalTokens;
  if (usage.inputTokens === undefined && usage.outputTokens === undefined) return undefined;
  return (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
}

function overBudget(policy: RetryPolicy, usage: RunSummary['usage']): boolean {
  const { maxTokens, maxCost } = policy.budget ?? {};
  return (maxTokens !== undefined && usage.tokens >= maxTokens) || (maxCost !== undefined && usage.cost >= maxCost);
}

/** A reply that parsed although the provider cut it off is still a truncated reply. */
function cutOff<T>(result: ParseResult<T>): ParseFailure {
  const message = 'The reply stopped at the output token limit (finish reason "length").';
  const { interventions, raw, candidate } = result;
  return failure('truncated', message, { interventions, repairApplied: result.repairApplied, ...(raw === undefined ? {} : { raw }), ...(candidate === undefined ? {} : { candidate }) });
}

async function callModel(call: ModelCall, messages: readonly ChatMessage[], info: AttemptInfo): Promise<{ reply: ModelReply } | { error: string }> {
  try {
    const reply = await call(messages, info);
    if (typeof reply?.text !== 'string') return { error: 'The model function returned no text.' };
    return { reply };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/** What {@link attemptOnce} yields. */
export interface AttemptOutcome<T> {
  attempt: RawAttempt;
  result: ParseResult<T>;
  failure: AttemptFailure | null;
}

/** One attempt: call the model, parse its reply, record it in the summary. */
export async function attemptOnce<T>(
  call: ModelCall,
  messages: readonly ChatMessage[],
  info: AttemptInfo,
  contract: Contract<T> | AnySchema<T>,
  parse: ExtractionOptions | undefined,
  summary: RunSummary,
): Promise<AttemptOutcome<T>> {
  const started = performance.now();
  const outcome = await callModel(call, messages, info);
  const attempt: RawAttempt = { index: info.index, kind: info.kind, text: '', failure: null, interventions: [], durationMs: performance.now() - started };
  summary.rawAttempts.push(attempt);
  if ('error' in outcome) {
    attempt.failure = 'transport_error';
    attempt.error = outcome.error;
    summary.messages = [...messages];
    return { attempt, result: failure('empty_output', outcome.error), failure: 'transport_error' };
  }
  const { reply } = outcome;
  attempt.text = reply.text;
  summary.messages = [...messages, { role: 'assistant', content: reply.text }];
  if (reply.finishReason !== undefined) attempt.finishReason = reply.finishReason;
  const tokens = tokensOf(reply);
  if (tokens !== undefined) summary.usage.tokens += attempt.tokens = tokens;
  if (reply.cost !== undefined) summary.usage.cost += attempt.cost = reply.cost;
  let result = extractStructuredOutput(reply.text, contract, parse);
  if (reply.finishReason === 'length') result = cutOff(result);
  attempt.interventions = result.interventions;
  if (!result.success) {
    attempt.failure = result.failure;
    if (result.extractionError !== undefined) attempt.error = result.extractionError;
    if (result.validationErrors !== undefined) attempt.validationErrors = result.validationErrors;
  }
  return { attempt, result, failure: attempt.failure };
}

/** True when the budget is spent; exported for runners built on {@link attemptOnce}. */
export function budgetSpent(policy: RetryPolicy, summary: RunSummary): boolean {
  return overBudget(policy, summary.usage);
}

/**
 * Calls the model until its output satisfies the contract or the policy says stop.
 *
 * @example
 * const run = await runWithRetries({
 *   call: async (messages) => ({ text: await myModel(messages) }),
 *   contract: z.object({ title: z.string() }),
 *   messages: [{ role: 'user', content: 'Name the ticket. Reply with JSON {"title": …}.' }],
 *   policy: { maxStructuredRetries: 1, budget: { maxTokens: 4000 } },
 * });
 * run.success ? run.data : run.stopReason; // e.g. 'structured_retries_exhausted'
 * run.rawAttempts;                         // every reply, failed ones too
 */
export async function runWithRetries<T>(options: RunOptions<T>): Promise<RunResult<T>> {
  const policy = options.policy ?? {};
  const limits = { structured_repair: policy.maxStructuredRetries ?? 1, fresh: policy.maxFreshRetries ?? 1 };
  const used = { structured_repair: 0, fresh: 0 };
  const summary: RunSummary = { rawAttempts: [], messages: [], usage: { tokens: 0, cost: 0 } };
  let messages: readonly ChatMessage[] = options.messages;
  let kind: AttemptKind = 'initial';

  for (let index = 0; ; index++) {
    const step: AttemptOutcome<T> = await attemptOnce(options.call, messages, { index, kind }, options.contract, options.parse, summary);
    const result = step.result;
    if (result.success) return { ...summary, success: true, data: result.data, result, path: kind, stopReason: 'succeeded' };
    const failureClass: AttemptFailure = step.failure ?? result.failure;
    const failed = { ...summary, success: false as const, failure: failureClass, result };
    const action: RetryAction = RETRY_ACTIONS[failureClass];
    if (action === 'none') return { ...failed, stopReason: 'not_retryable' };
    if (used[action] >= limits[action]) return { ...failed, stopReason: action === 'fresh' ? 'fresh_retries_exhausted' : 'structured_retries_exhausted' };
    if (overBudget(policy, summary.usage)) return { ...failed, stopReason: 'budget_exhausted' };
    used[action]++;
    kind = action;
    if (action === 'fresh') messages = options.messages;
    else {
      const marker = options.parse?.blockMarker;
      const fix = correctiveMessage(result, options.contract, { ...(options.parse?.repair === undefined ? {} : { repair: options.parse.repair }), ...(marker === undefined ? {} : { blockMarker: marker }) });
      messages = [...summary.messages, { role: 'user', content: fix }];
    }
  }
}
