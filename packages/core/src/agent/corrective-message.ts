/**
 * The corrective prompt of a structured repair retry: what was wrong (the
 * validation errors, the parse error, the repairs the profile refused) and the
 * shape wanted, so the model fixes its own output in the same conversation.
 */
import type { AnySchema, Contract } from '../contract/contract.js';
import { deniedInterventions } from '../pipeline/repair-profile.js';
import type { RepairProfile } from '../stage-types.js';
import type { ParseFailure } from '../types.js';
import { describeSchema } from './describe-schema.js';

/** Options of {@link correctiveMessage}. */
export interface CorrectiveMessageOptions {
  /** The repair profile the parse ran with: its refused repairs are listed. */
  repair?: RepairProfile;
  /** Fence info string the corrected output must be written in (`cadre-json`). */
  blockMarker?: string;
  /** First line instead of the one the failure class gives. */
  headline?: string;
  /** What to send back. Default `output`; the reply envelope asks for `arguments`. */
  payload?: string;
}

/** Longer lists are cut, so one hostile output cannot blow up the next prompt. */
const MAX_LISTED = 20;

function bullets(lines: string[]): string[] {
  const listed = lines.slice(0, MAX_LISTED).map((line) => `- ${line}`);
  if (lines.length > MAX_LISTED) listed.push(`- … and ${lines.length - MAX_LISTED} more`);
  return listed;
}

function headline(result: ParseFailure): string {
  switch (result.failure) {
    case 'schema':
      return 'Your previous reply does not match the required output schema.';
    case 'repair_denied':
      return 'Your previous reply needed repairs that are not allowed.';
    default:
      return `Your previous reply could not be parsed: ${result.extractionError ?? result.failure}`;
  }
}

/**
 * Builds the corrective message for a failed parse.
 *
 * @example
 * correctiveMessage(result, z.object({ severity: z.enum(['critical', 'major', 'minor']) }))
 * // Your previous reply does not match the required output schema.
 * // Fix these problems:
 * // - severity: Expected 'critical' | 'major' | 'minor', received 'high'
 * // Reply with only the corrected output as JSON, with this shape:
 * // { "severity": "critical" | "major" | "minor" }
 */
export function correctiveMessage(result: ParseFailure, contract: AnySchema | Contract, options: CorrectiveMessageOptions = {}): string {
  const lines = [options.headline ?? headline(result)];
  const problems = (result.validationErrors ?? []).map((issue) => `${issue.path}: ${issue.message}`);
  if (problems.length > 0) lines.push('Fix these problems:', ...bullets(problems));
  const refused = deniedInterventions(result.interventions, options.repair).map((i) => `${i.rule}: ${i.message}`);
  if (refused.length > 0) lines.push('Write the output so that none of these repairs is needed:', ...bullets([...new Set(refused)]));
  const where = options.blockMarker === undefined ? '' : ` in a \`\`\`${options.blockMarker} block`;
  lines.push(`Reply with only the corrected ${options.payload ?? 'output'} as JSON${where}, with this shape:`, describeSchema(contract));
  return lines.join('\n');
}
