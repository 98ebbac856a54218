/**
 * json_repair's cases (Python `repair_json` / `loads`): its keyword arguments mapped to
 * Airlock's, one decision per option, and its JSON Schemas converted with Zod 4's
 * `z.fromJSONSchema`.
 */
import { z } from 'zod';
import { STRICT_PROFILE } from '../pipeline/repair-profile.js';
import type { SafeParseOptions } from '../stage-types.js';
import { expectationOf, outOfScope, scoredPlan, type CasePlan } from './case-plan.js';
import type { PeerCase } from './corpora.js';

/** What one json_repair option means for Airlock. */
export type OptionDecision =
  /** Changes nothing Airlock's outcome is compared on. */
  | { readonly effect: 'no-op'; readonly why: string }
  /** Has an Airlock equivalent, merged into the safeParse options. */
  | { readonly effect: 'equivalent'; readonly options: SafeParseOptions; readonly why: string }
  /** Cannot be mirrored: the case is out of scope for this reason. */
  | { readonly effect: 'out'; readonly why: string };

const NO_OP_OPTIONS: Readonly<Record<string, string>> = {
  return_objects: "the peer returns the value instead of its JSON text; values are what is compared",
  logging: "the peer also returns its repair log; Airlock always records interventions",
  skip_json_loads: "a speed switch (skips the peer's json.loads fast path); Airlock's outcome never depends on one",
  ensure_ascii: 'escaping of the output text; values are what is compared',
  indent: 'layout of the output text; values are what is compared',
  chunk_length: 'read-buffer size of the file entry points',
};

/**
 * The decision for one option (`strict`, `stream_stable`, …) and its value.
 *
 * @example
 * decideOption('strict', true) // { effect: 'equivalent', options: { repair: STRICT_PROFILE }, … }
 */
export function decideOption(name: string, value: unknown): OptionDecision {
  if (Object.hasOwn(NO_OP_OPTIONS, name)) return { effect: 'no-op', why: NO_OP_OPTIONS[name]! };
  if (name === 'strict') {
    return value === true
      ? { effect: 'equivalent', options: { repair: STRICT_PROFILE }, why: 'strict refuses what needs a repair: STRICT_PROFILE allows none' }
      : { effect: 'no-op', why: 'strict off is the default' };
  }
  if (name === 'stream_stable') {
    return value === true
      ? { effect: 'out', why: 'stream_stable: output kept stable as a streamed prefix grows (partial parsing, a later issue)' }
      : { effect: 'no-op', why: 'stream_stable off is the default' };
  }
  if (name === 'schema_repair_mode' && value === 'standard') {
    return { effect: 'no-op', why: "the peer's default schema repair; Airlock normalizes toward the schema by default" };
  }
  // Salvage also depends on the case's expectation: see planJsonRepairCase.
  if (name === 'schema_repair_mode' && value === 'salvage') return { effect: 'no-op', why: 'its refusals are scored as they stand; its values are out of scope' };
  return { effect: 'out', why: `json_repair option ${name}=${JSON.stringify(value)} has no Airlock mapping` };
}

/**
 * The first `required` name without a property schema, anywhere in a JSON Schema:
 * `z.fromJSONSchema` drops such names, so the converted schema would accept their absence.
 */
function requiredWithoutProperty(schema: unknown, depth = 0): string | undefined {
  if (schema === null || typeof schema !== 'object' || depth > 64) return undefined;
  const node = schema as { required?: unknown; properties?: Record<string, unknown> };
  if (Array.isArray(node.required)) {
    const missing = node.required.find((name) => typeof name === 'string' && !Object.hasOwn(node.properties ?? {}, name));
    if (missing !== undefined) return String(missing);
  }
  for (const child of Object.values(schema)) {
    const found = requiredWithoutProperty(child, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The per-kind table row: kind, entry point when not plain `repair_json`, and the options that change behaviour. */
function groupOf(c: PeerCase): string {
  const options = Object.entries(c.options ?? {})
    .filter(([name]) => name !== 'return_objects' && name !== 'logging')
    .map(([name, value]) => (value === true ? name : `${name}=${String(value)}`))
    .sort();
  const fn = c.function === undefined || c.function === 'repair_json' ? '' : ` ${c.function}`;
  return `${c.kind}${fn}${options.length > 0 ? ` +${options.join(' +')}` : ''}`;
}

/**
 * The plan of one json_repair case.
 *
 * @example
 * planJsonRepairCase({ id: 'x', test: 't', kind: 'throw', input: '{"a":1}{"b":2}', options: { strict: true } })
 * // scored, options { repair: STRICT_PROFILE }, expects a refusal
 */
export function planJsonRepairCase(c: PeerCase): CasePlan {
  const group = groupOf(c);
  const expect = expectationOf(c);
  // json_repair returns every top-level value of the text (a list when there are several):
  // Airlock's equivalent is reading newline- or comma-separated roots as one list.
  let options: SafeParseOptions = { allowNdjson: true };
  for (const [name, value] of Object.entries(c.options ?? {})) {
    const decision = decideOption(name, value);
    if (decision.effect === 'out') return outOfScope(group, decision.why);
    if (decision.effect === 'equivalent') options = { ...options, ...decision.options };
  }
  const mode = c.options?.['schema_repair_mode'];
  if (mode !== undefined && c.schema === undefined) return outOfScope(group, 'schema_repair_mode without a schema: an API-usage error in the peer, not a text outcome');
  // Salvage is the peer's most permissive mode: a refusal there is a refusal in every mode and
  // is scored; its values come from opt-in cross-shape remaps (lists to objects, set members to
  // null-valued keys) that Airlock's default normalization does not attempt.
  if (mode === 'salvage' && expect.kind === 'value') return outOfScope(group, 'schema_repair_mode=salvage value: opt-in cross-shape remaps beyond the default schema repair');
  if (c.schema === undefined) return scoredPlan(group, z.unknown(), options, expect);
  const unenforced = requiredWithoutProperty(c.schema);
  if (unenforced !== undefined) return outOfScope(group, `z.fromJSONSchema does not enforce a required name without a property schema (${unenforced})`);
  try {
    return scoredPlan(group, z.fromJSONSchema(c.schema as Parameters<typeof z.fromJSONSchema>[0]), options, expect);
  } catch (error) {
    return outOfScope(group, `JSON Schema not convertible by z.fromJSONSchema: ${(error as Error).message.split('\n')[0]}`);
  }
}
