/**
 * Prompt-echo detection (output-normalization seed), run on the raw text
 * before any repair: a model that returned its own prompt must be retried,
 * not repaired.
 *
 * - Marker echo: at least one hard marker (`CRITICAL OUTPUT RULE:`) together
 *   with at least one soft marker (`## Task`), so two hits or more.
 * - Schema echo: the output starts with a root key of the contract
 *   (`schema_version:`, `"candidates":`) and contains a structured prompt
 *   marker (`## Expected Output Format`, or one the contract names).
 */
import type { Contract } from '../contract/contract.js';
import { DEFAULT_PROMPT_ECHO } from '../contract/normalization-spec.js';

export interface PromptEcho {
  kind: 'markers' | 'schema';
  /** The markers found, in list order. */
  markers: string[];
  message: string;
}

/** The first character every marker of a list opens with (`#` for the schema markers), or ''. */
const sharedOpeners = new WeakMap<readonly string[], string>();

function sharedOpener(markers: readonly string[]): string {
  let opener = sharedOpeners.get(markers);
  if (opener === undefined) {
    const first = markers.find((m) => m !== '')?.[0] ?? '';
    opener = first !== '' && markers.every((m) => m === '' || m.startsWith(first)) ? first : '';
    sharedOpeners.set(markers, opener);
  }
  return opener;
}

/** False when the text cannot hold any of the markers: it lacks the character they all open with. */
function mayHold(text: string, markers: readonly string[]): boolean {
  const opener = sharedOpener(markers);
  return opener === '' || text.includes(opener);
}

/** The markers the text holds, in list order. */
function found(text: string, markers: readonly string[]): string[] {
  return mayHold(text, markers) ? markers.filter((m) => m !== '' && text.includes(m)) : [];
}

/** A contract's root keys as a set, unless one holds a quote or `:` (then each is tried in turn). */
const keySets = new WeakMap<readonly string[], ReadonlySet<string> | null>();

function keySetOf(keys: readonly string[]): ReadonlySet<string> | null {
  let set = keySets.get(keys);
  if (set === undefined) {
    set = keys.some((key) => /["':]/.test(key)) ? null : new Set(keys.filter((key) => key !== ''));
    keySets.set(keys, set);
  }
  return set;
}

/**
 * True when the text opens with `key:`, `"key"`, `'key'` or `{"key"` for a known root key.
 * With plain keys the head names its one candidate key, looked up in a set: no string is
 * built per key and output.
 *
 * @example
 * startsWithRootKey('{\n  "title": "x"}', ['title']) // true
 */
export function startsWithRootKey(text: string, keys: readonly string[]): boolean {
  // Only the head matters; never copy the whole (possibly huge) text.
  let head = text.slice(0, 512).trimStart();
  if (head.charCodeAt(0) === 0x7b) head = head.slice(1).trimStart();
  const set = keySetOf(keys);
  if (set === null) return keys.some((key) => key !== '' && (head.startsWith(`${key}:`) || head.startsWith(`"${key}"`) || head.startsWith(`'${key}'`)));
  const quote = head[0];
  if (quote === '"' || quote === "'") {
    const end = head.indexOf(quote, 1);
    return end > 0 && set.has(head.slice(1, end));
  }
  const colon = head.indexOf(':');
  return colon > 0 && set.has(head.slice(0, colon));
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
  const hardMarkers = declared?.hard ?? DEFAULT_PROMPT_ECHO.hard;
  const softMarkers = declared?.soft ?? DEFAULT_PROMPT_ECHO.soft;
  // Both kinds must be there: an answer without the soft markers' `#` is not read for the hard ones.
  const softPossible = mayHold(text, softMarkers);
  const hard = softPossible ? found(text, hardMarkers) : [];
  if (hard.length > 0) {
    const soft = found(text, softMarkers);
    if (soft.length > 0) {
      const markers = [...hard, ...soft];
      return { kind: 'markers', markers, message: `The output echoes the prompt (markers: ${markers.map((m) => JSON.stringify(m)).join(', ')}).` };
    }
  }
  const schemaMarkers = declared?.schema ?? DEFAULT_PROMPT_ECHO.schema;
  // The default soft and schema markers share their `#`: the text is not searched for it twice.
  const schemaPossible = sharedOpener(schemaMarkers) === sharedOpener(softMarkers) ? softPossible : mayHold(text, schemaMarkers);
  if (schemaPossible && startsWithRootKey(text, contract.knownKeys)) {
    const schema = found(text, schemaMarkers);
    if (schema.length > 0) {
      return { kind: 'schema', markers: schema, message: `The output echoes the prompt's expected schema (markers: ${schema.map((m) => JSON.stringify(m)).join(', ')}).` };
    }
  }
  return null;
}
