/**
 * cadre's `AgentResult` fields, built from a parse result so an agent runner
 * can merge them into its own result record.
 */
import type { ParseResult, ValidationIssue } from '../types.js';
import { failureErrors } from './result-parser.js';

/** Whether an agent's output was parsed and validated against its contract. */
export interface AgentResult<T = unknown> {
  outputParsed: boolean;
  /** The validated output, when `outputParsed`. */
  parsedOutput?: T;
  /** Why it failed, when not `outputParsed`: validation errors or the extraction error at `(root)`. */
  parseErrors?: ValidationIssue[];
}

/**
 * @example
 * agentResult(parser.parse('reviewer', stdout)) // { outputParsed: true, parsedOutput: { verdict: 'approve' } }
 */
export function agentResult<T>(result: ParseResult<T>): AgentResult<T> {
  if (result.success) return { outputParsed: true, parsedOutput: result.data };
  return { outputParsed: false, parseErrors: failureErrors(result) };
}
