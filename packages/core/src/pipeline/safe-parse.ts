/**
 * The public pipeline: scan → candidates → parse/repair → normalize → validate,
 * trying candidates in order until one validates.
 */
import type { AnySchema, Contract } from '../contract/contract.js';
import { toContract } from '../contract/contract.js';
import { detectPromptEcho } from '../normalize/detect-prompt-echo.js';
import { normalizeValue } from '../normalize/normalize-value.js';
import { buildCandidates } from '../scan/build-candidates.js';
import { toRawSpan, type Candidate } from '../scan/candidate.js';
import { selectScan } from '../scan/select-scanner.js';
import { isNoiseOnly } from '../scan/is-noise-only.js';
import { extractionInterventions } from '../scan/extraction-interventions.js';
import type { CandidateInfo, FailureClass, Intervention, ParseFailure, ParseResult } from '../types.js';
import { validateValue } from '../validate/validate-value.js';
import { parseCandidate } from './parse-candidate.js';
import { deniedInterventions, type RepairProfile } from './repair-profile.js';

/** Options of {@link safeParse} and {@link parse}. */
export interface SafeParseOptions {
  /** Runtime context (ticket ids, reference artifacts, clocks) a repair may fill from. */
  context?: Readonly<Record<string, unknown>>;
  /** Which repairs are allowed. Default: all. */
  repair?: RepairProfile;
  /** Maximum nesting depth of parsed values (default 1,000). */
  maxDepth?: number;
  /** Accept newline-separated JSON values as one array. Default false. */
  allowNdjson?: boolean;
  /** Inputs longer than this (UTF-16 units) fail with `syntax` without being parsed. Default 16 MiB. */
  maxLength?: number;
}

const DEFAULT_MAX_LENGTH = 16 * 1024 * 1024;

/** How far a candidate got: the failure of the most advanced candidate is reported. */
const FAILURE_RANK: Record<FailureClass, number> = {
  bad_record: 0,
  empty_output: 0,
  no_candidate: 1,
  syntax: 2,
  truncated: 3,
  repair_denied: 4,
  schema: 5,
  prompt_echo: 6,
};

function candidateInfo(candidate: Candidate, format: CandidateInfo['format']): CandidateInfo {
  const info: CandidateInfo = { source: candidate.source, span: candidate.span, format, prefixStripped: candidate.prefixStripped };
  if (candidate.fenceInfo !== undefined) info.fenceInfo = candidate.fenceInfo;
  if (candidate.tag !== undefined) info.tag = candidate.tag;
  return info;
}

function rebase(candidate: Candidate, list: Intervention[]): Intervention[] {
  return list.map((i) => (i.span === undefined ? i : { ...i, span: toRawSpan(candidate, i.span) }));
}

function failure(failureClass: FailureClass, message: string, extra: Partial<ParseFailure> = {}): ParseFailure {
  return { success: false, failure: failureClass, extractionError: message, interventions: [], repairApplied: false, ...extra };
}

/**
 * Parses model text against a contract without ever throwing.
 *
 * @example
 * const result = safeParse('Sure!\n```json\n{"title":"x"}\n```', z.object({ title: z.string() }));
 * if (result.success) result.data.title // 'x'
 * else result.failure // 'empty_output' | 'no_candidate' | 'syntax' | 'schema' | …
 */
export function safeParse<T>(raw: unknown, contractOrSchema: Contract<T> | AnySchema<T>, options: SafeParseOptions = {}): ParseResult<T> {
  let contract: Contract<T>;
  try {
    contract = toContract(contractOrSchema);
  } catch (error) {
    return failure('schema', (error as Error).message);
  }
  try {
    return runPipeline(raw, contract, options);
  } catch (error) {
    // Stages are total; reaching this is a bug, but model text must never crash a caller.
    return failure('syntax', `Internal error while parsing: ${(error as Error)?.message ?? String(error)}`);
  }
}

function runPipeline<T>(raw: unknown, contract: Contract<T>, options: SafeParseOptions): ParseResult<T> {
  if (typeof raw !== 'string') return failure('empty_output', `Expected model text as a string, received ${raw === null ? 'null' : typeof raw}.`);
  if (raw.trim() === '') return failure('empty_output', 'The model output is empty.');
  if (raw.length > (options.maxLength ?? DEFAULT_MAX_LENGTH)) {
    return failure('syntax', `The model output is ${raw.length} characters long, over the limit of ${options.maxLength ?? DEFAULT_MAX_LENGTH}.`);
  }
  const echo = detectPromptEcho(raw, contract as Contract<unknown>);
  if (echo !== null) return failure('prompt_echo', echo.message);

  const spans = selectScan(raw);
  if (isNoiseOnly(raw, spans)) return failure('empty_output', 'The model output holds only terminal noise.');
  const candidates = buildCandidates(raw, spans, { knownKeys: contract.knownKeys, tags: contract.tags });
  let best: ParseFailure | null = null;
  const consider = (f: ParseFailure): void => {
    if (best === null || FAILURE_RANK[f.failure] > FAILURE_RANK[best.failure]) best = f;
  };

  // Pass 1 tries every candidate as-is (the fast path); pass 2 slices and repairs
  // the candidates whose plain parse failed. A clean fenced candidate thus wins
  // over repairing the raw text around it. A YAML candidate that parsed but did
  // not validate also gets pass 2: YAML with drifted indentation parses into the
  // wrong nesting, and only the structural repairs can tell.
  const parsedAsIs = new Set<Candidate>();
  for (const mode of ['strict', 'repair'] as const) {
  for (const candidate of candidates) {
    if (mode === 'repair' && parsedAsIs.has(candidate)) continue;
    const { format, outcome } = parseCandidate(candidate, {
      mode,
      expect: contract.expect,
      ...(options.maxDepth !== undefined ? { maxDepth: options.maxDepth } : {}),
      ...(options.allowNdjson !== undefined ? { allowNdjson: options.allowNdjson } : {}),
      contract: contract as Contract<unknown>,
    });
    const info = candidateInfo(candidate, format);
    const extraction = extractionInterventions(raw, candidate);
    if (!outcome.ok) {
      if (mode === 'strict') continue;
      consider(failure(outcome.failure, outcome.error, { candidate: info, interventions: [...extraction, ...rebase(candidate, outcome.interventions)] }));
      continue;
    }
    // A JSON string where the contract wants a structure may be stringified JSON: let pass 2 unwrap it.
    const maybeStringified = typeof outcome.value === 'string' && contract.expect !== 'any';
    if (format === 'json' && !maybeStringified) parsedAsIs.add(candidate);
    const normalizeOptions = { truncated: outcome.truncated, ...(options.context !== undefined ? { context: options.context } : {}) };
    const normalized = normalizeValue(outcome.value, contract as Contract<unknown>, normalizeOptions);
    const interventions = [...extraction, ...rebase(candidate, outcome.interventions), ...normalized.interventions];
    const repairApplied = interventions.length > 0;
    if (normalized.failure !== undefined) {
      consider(failure('schema', normalized.failure.message, { candidate: info, raw: outcome.value, validationErrors: normalized.failure.issues, interventions, repairApplied }));
      continue;
    }
    const validation = validateValue(contract.schema, normalized.value);
    if (!validation.ok) {
      // A cut-off output fails the schema as a symptom; the retry loop needs a fresh session, not a correction.
      const cutOff = outcome.truncated;
      consider(failure(cutOff ? 'truncated' : 'schema', cutOff ? 'The output was cut off and what remains does not match the contract.' : 'The candidate does not match the contract.', { candidate: info, raw: outcome.value, validationErrors: validation.issues, interventions, repairApplied }));
      continue;
    }
    const denied = deniedInterventions(interventions, options.repair);
    if (denied.length > 0) {
      const truncation = denied.some((i) => i.category === 'synthesized' && i.stage === 'parse');
      consider(
        failure(truncation ? 'truncated' : 'repair_denied', `The repair profile refuses: ${[...new Set(denied.map((i) => i.rule))].join(', ')}.`, {
          candidate: info,
          raw: outcome.value,
          interventions,
          repairApplied,
        }),
      );
      continue;
    }
    return {
      success: true,
      data: validation.value,
      raw: outcome.value,
      candidate: info,
      interventions,
      repairApplied,
      normalized: normalized.interventions.length > 0,
      truncated: outcome.truncated,
    };
  }
  }
  return best ?? failure('no_candidate', 'No structured artifact was found in the model output.');
}
