/**
 * The plan of a case of any corpus: json_repair's options and schemas (json-repair-plan.ts),
 * BAML's schemas as contracts (baml-schema.ts), the two plain repair collections, which run
 * against `z.unknown()`, and the partial corpora (partial_json, BAML's streaming cases,
 * best-effort's cut-off input), which run through partial mode: partial_json's `allow` flags
 * become the kinds a partial value keeps, best-effort completes everything it is cut in, and
 * BAML's streaming attributes become the contract's stream rules, compared in BAML's output form.
 */
import { z } from 'zod';
import { KEEP_ALL, type IncompleteKind } from '../partial/partial-options.js';
import type { PartialParseResult } from '../partial/partial-result.js';
import { bamlPartialView } from './baml-partial-view.js';
import { bamlContract, BamlUnsupported, type BamlSchema } from './baml-schema.js';
import { bamlStreamRules } from './baml-stream.js';
import { expectationOf, outOfScope, scoredPlan, type CasePlan } from './case-plan.js';
import type { CorpusName, PeerCase } from './corpora.js';
import { planJsonRepairCase } from './json-repair-plan.js';

/**
 * partial_json's `allow` flags as the kinds a partial value keeps. NaN and the infinities have
 * no JSON value to keep: those flags change nothing (a cut-off `Infinity` is never read).
 */
const PARTIAL_JSON_KINDS: Readonly<Record<string, IncompleteKind>> = { STR: 'string', NUM: 'number', ARR: 'array', OBJ: 'object', NULL: 'null', BOOL: 'boolean' };

/**
 * The row of a case of a plain repair corpus: its kind, with a scalar expected root apart —
 * for `z.unknown()` safeParse reads objects and arrays only, so those cases show as a group.
 */
function plainGroup(c: PeerCase): string {
  const scalar = c.kind !== 'throw' && (c.expected === null || typeof c.expected !== 'object');
  return scalar ? `${c.kind} (scalar root, repairJson)` : c.kind;
}

function planPartialJsonCase(c: PeerCase): CasePlan {
  const allow = c.options?.['allow'] as { expr?: string; flags?: readonly string[] } | undefined;
  const group = `${c.kind} ${allow === undefined ? 'default' : `allow=${allow.expr ?? '?'}`}`;
  // Without flags the peer allows every kind.
  const keep = allow === undefined ? KEEP_ALL : (allow.flags ?? []).flatMap((flag) => PARTIAL_JSON_KINDS[flag] ?? []);
  return scoredPlan(group, z.unknown(), { partial: { keep } }, expectationOf(c));
}

function planBamlCase(c: PeerCase): CasePlan {
  const streaming = c.options?.['streaming'] === true;
  const output = c.options?.['output'];
  const group = `${c.kind} ${output !== undefined ? String(output) : streaming ? 'streaming' : 'default'}`;
  if (streaming) return outOfScope(group, 'streaming: the input is a prefix of a streamed answer, scored through partial mode in baml_streaming');
  if (output !== undefined) return outOfScope(group, `BAML output ${String(output)} is not modelled`);
  try {
    return scoredPlan(group, bamlContract(c.schema as BamlSchema, c.id), {}, expectationOf(c));
  } catch (error) {
    if (error instanceof BamlUnsupported) return outOfScope(group, `BAML schema: ${error.message}`);
    throw error;
  }
}

function planBamlStreamingCase(c: PeerCase): CasePlan {
  const output = c.options?.['output'];
  const group = `${c.kind} ${output !== undefined ? String(output) : 'streaming'}`;
  if (output !== undefined && output !== 'serialize_partial') return outOfScope(group, `BAML output ${String(output)} is not modelled`);
  const schema = c.schema as BamlSchema;
  try {
    const rules = bamlStreamRules(schema);
    const withState = output === 'serialize_partial' ? rules.withState : undefined;
    return scoredPlan(group, bamlContract(schema, c.id, rules.stream), { partial: true }, expectationOf(c), undefined, (result) => bamlPartialView(schema, result as PartialParseResult<unknown>, withState));
  } catch (error) {
    if (error instanceof BamlUnsupported) return outOfScope(group, `BAML schema: ${error.message}`);
    throw error;
  }
}

/**
 * The plan of one case of a corpus.
 *
 * @example
 * planCase('jsonrepair', { id: 'jsonrepair-0001', test: 't', kind: 'repair', input: '{a:1}', expected: { a: 1 } })
 * // scored against z.unknown(), expects { a: 1 }
 */
export function planCase(corpus: CorpusName, c: PeerCase): CasePlan {
  switch (corpus) {
    case 'json_repair':
      return planJsonRepairCase(c);
    case 'baml':
      return planBamlCase(c);
    case 'partial_json':
      return planPartialJsonCase(c);
    case 'baml_streaming':
      return planBamlStreamingCase(c);
    case 'best_effort_partial':
      return scoredPlan(c.kind, z.unknown(), { partial: { keep: KEEP_ALL } }, expectationOf(c));
    default: {
      // A bare scalar answer is jsonrepair's (and best-effort's) business, not an artifact's.
      const group = plainGroup(c);
      return scoredPlan(group, z.unknown(), {}, expectationOf(c), group.includes('scalar root') ? 'repairJson' : undefined);
    }
  }
}
