/**
 * Prompt-echo detection (output-normalization seed), run on the raw text
 * before any repair: a model that returned its own prompt must be retried,
 * not repaired.
 *
 * - Marker echo: at least one hard marker (`CRITICAL OUTPUT RULE:`) together
 *   with at least one soft marker (`## Task`), so two hits or more.
 * - Schema echo: the output starts with a root key of the contract
 *   (`schema_version:`, `"candidates":`) and contains a structured prompt
 *   marker (`## Expected Output Format`, `# Ticket:`).
 */
import type { Contract } from '../contract/contract.js';
import { DEFAULT_PROMPT_ECHO } from '../contract/normalization-spec.js';

export interface PromptEcho {
  kind: 'markers' | 'schema';
  /** The markers found, in list order. */
  markers: string[];
  message: string;
}

const found = (text: string, markers: readonly string[]): string[] => markers.filter((m) => m !== '' && text.includes(m));

/** True when the text opens with `key:`, `"key":` or `{"key":` for a known root key. */
function startsWithRootKey(text: string, keys: readonly string[]): boolean {
  // Only the head matters; never copy the whole (possibly huge) text.
  const head = text.slice(0, 512).trimStart().replace(/^\{\s*/, '');
  return keys.some((key) => key !== '' && (head.startsWith(`${key}:`) || head.startsWith(`"${key}"`) || head.startsWith(`'${key}'`)));
}

/**
 * Detects a prompt echo; null when the text looks like an answer.
 *
 * @example
 * detectPromptEcho('CRITICAL OUTPUT RULE: reply in YAML\n## Task\nWrite the PRD', contract)?.kind // 'markers'
 */
export function detectPromptEcho(text: string, contract: Contract<unknown>): PromptEcho | null {
  const declared = contract.normalization.promptEcho;
  if (declared?.enabled === false) return null;
  const hard = found(text, declared?.hard ?? DEFAULT_PROMPT_ECHO.hard);
  if (hard.length > 0) {
    const soft = found(text, declared?.soft ?? DEFAULT_PROMPT_ECHO.soft);
    if (soft.length > 0) {
      const markers = [...hard, ...soft];
      return { kind: 'markers', markers, message: `The output echoes the prompt (markers: ${markers.map((m) => JSON.stringify(m)).join(', ')}).` };
    }
  }
  if (startsWithRootKey(text, contract.knownKeys)) {
    const schema = found(text, declared?.schema ?? DEFAULT_PROMPT_ECHO.schema);
    if (schema.length > 0) {
      return { kind: 'schema', markers: schema, message: `The output echoes the prompt's expected schema (markers: ${schema.map((m) => JSON.stringify(m)).join(', ')}).` };
    }
  }
  return null;
}
