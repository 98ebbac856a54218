/**
 * `ResultParser` (cadre): agent output → the agent's registered contract →
 * a typed result. Stateless beyond the registry reference, so one parser is
 * shared by any number of concurrent agent runs.
 */
import type { AnySchema, Contract } from '../contract/contract.js';
import type { FailureClass, ParseFailure, ParseResult, ValidationIssue } from '../types.js';
import type { ContractRegistry } from './contract-registry.js';
import { extractStructuredOutput, type ExtractionOptions } from './extract-structured-output.js';

/** Emitted for every failed parse, for observability (logs, metrics, traces). */
export interface AgentOutputValidationFailed {
  type: 'agent-output-validation-failed';
  /** The agent whose output failed, or null for {@link ResultParser.parseWithSchema}. */
  agentName: string | null;
  /** The validation errors, or the extraction error at path `(root)`. */
  errors: ValidationIssue[];
  failure: FailureClass;
}

/** Options of a {@link ResultParser}. */
export interface ResultParserOptions extends ExtractionOptions {
  /** Called synchronously with each failure event; a listener that throws is ignored. */
  onValidationFailed?: (event: AgentOutputValidationFailed) => void;
}

/**
 * A failure's errors in one list: its validation errors, or its extraction error at `(root)`.
 *
 * @example
 * failureErrors({ success: false, failure: 'syntax', extractionError: 'Unexpected end.', interventions: [], repairApplied: false })
 * // [{ path: '(root)', message: 'Unexpected end.' }]
 */
export function failureErrors(result: ParseFailure): ValidationIssue[] {
  if (result.validationErrors !== undefined && result.validationErrors.length > 0) return result.validationErrors;
  return [{ path: '(root)', message: result.extractionError ?? `The output failed (${result.failure}).` }];
}

/**
 * Parses agent output against the contracts of a registry.
 *
 * @example
 * const registry = new ContractRegistry();
 * registry.register({ name: 'reviewer', outputSchema: z.object({ verdict: z.enum(['approve', 'reject']) }) });
 * const parser = new ResultParser(registry, { onValidationFailed: (e) => log.warn(e) });
 * parser.parse('reviewer', 'Done.\n```cadre-json\n{"verdict":"approve"}\n```'); // { success: true, data: { verdict: 'approve' }, … }
 */
export class ResultParser {
  readonly #registry: ContractRegistry;
  readonly #options: ResultParserOptions;

  constructor(registry: ContractRegistry, options: ResultParserOptions = {}) {
    this.#registry = registry;
    this.#options = options;
  }

  /**
   * Extracts the agent's output block and validates it against the agent's contract.
   * Throws only when no contract is registered for the agent (a set-up error, not model text).
   */
  parse<T = unknown>(agentName: string, content: string): ParseResult<T> {
    const contract = this.#registry.get(agentName);
    if (contract === undefined) {
      throw new Error(`ResultParser: no contract is registered for agent "${agentName}" (registered: ${this.#registry.list().join(', ') || 'none'}).`);
    }
    const marker = contract.blockMarker === undefined ? {} : { blockMarker: contract.blockMarker };
    return this.#run(agentName, content, contract.outputSchema as AnySchema<T> | Contract<T>, marker);
  }

  /** Parses with an explicit schema, without a registry lookup. Never throws. */
  parseWithSchema<T>(content: string, schema: AnySchema<T> | Contract<T>): ParseResult<T> {
    return this.#run(null, content, schema, {});
  }

  #run<T>(agentName: string | null, content: string, schema: AnySchema<T> | Contract<T>, extra: ExtractionOptions): ParseResult<T> {
    const { onValidationFailed, ...options } = this.#options;
    const result = extractStructuredOutput(content, schema, { ...options, ...extra });
    if (!result.success && onValidationFailed !== undefined) {
      try {
        onValidationFailed({ type: 'agent-output-validation-failed', agentName, errors: failureErrors(result), failure: result.failure });
      } catch {
        // Observability must not change the outcome of a parse.
      }
    }
    return result;
  }
}
