/**
 * What the search box finds in a record's details, as the text a person reads on the record's
 * page: the raw text, the failure class and errors, the interventions' rules and messages, the
 * value. Strings are taken as they are, not as JSON, so a search for `key "output"` finds the
 * message that says it, and JSON's own keys ("success", "span") match nothing.
 */
import type { RecordDetails } from '../report-format.js';

function strings(value: unknown): string[] {
  return typeof value === 'string' ? [value] : [];
}

/**
 * The lower-cased searchable text of a record's details (ids and agents are searched in the
 * index, which has them without opening a chunk).
 *
 * @example
 * searchText({ result: { success: false, failure: 'schema', validationErrors: [{ path: 'verdict', message: 'Required' }], interventions: [] } });
 * // 'schema\nverdict: required\n…'
 */
export function searchText(details: RecordDetails): string {
  const { result } = details;
  const parts = [...strings(details.text), ...strings(result['failure']), ...strings(result['extractionError'])];
  const errors = Array.isArray(result['validationErrors']) ? (result['validationErrors'] as { path?: unknown; message?: unknown }[]) : [];
  for (const error of errors) parts.push(`${String(error.path ?? '')}: ${String(error.message ?? '')}`);
  const interventions = Array.isArray(result['interventions']) ? (result['interventions'] as { rule?: unknown; message?: unknown }[]) : [];
  for (const intervention of interventions) parts.push(...strings(intervention.rule), ...strings(intervention.message));
  const value = result['success'] === true ? result['data'] : result['raw'];
  if (value !== undefined) parts.push(JSON.stringify(value));
  return parts.join('\n').toLowerCase();
}
