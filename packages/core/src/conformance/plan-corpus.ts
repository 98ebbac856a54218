/**
 * The plan of a case of any corpus: json_repair's options and schemas (json-repair-plan.ts),
 * BAML's schemas as contracts (baml-schema.ts), partial_json's `allow` flags, and the two
 * plain repair collections, which run against `z.unknown()`.
 */
import { z } from 'zod';
import { bamlContract, BamlUnsupported, type BamlSchema } from './baml-schema.js';
import { expectationOf, outOfScope, scoredPlan, type CasePlan } from './case-plan.js';
import type { CorpusName, PeerCase } from './corpora.js';
import { planJsonRepairCase } from './json-repair-plan.js';

/** Every kind of incomplete value partial_json can allow; its default allows them all. */
const PARTIAL_JSON_ALL = ['STR', 'NUM', 'ARR', 'OBJ', 'NULL', 'BOOL', 'NAN', 'INFINITY', '_INFINITY'] as const;

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
  const group = `${plainGroup(c)} ${allow === undefined ? 'default' : `allow=${allow.expr ?? '?'}`}`;
  const allowsAll = allow === undefined || PARTIAL_JSON_ALL.every((flag) => allow.flags?.includes(flag) === true);
  // With every kind allowed the peer completes a truncated text, which is plain repair.
  if (!allowsAll) return outOfScope(group, 'partial_json allow flags restrict which incomplete kinds may be returned (partial parsing, a later issue)');
  return scoredPlan(group, z.unknown(), {}, expectationOf(c), group.includes('scalar root') ? 'repairJson' : undefined);
}

function planBamlCase(c: PeerCase): CasePlan {
  const streaming = c.options?.['streaming'] === true;
  const output = c.options?.['output'];
  const group = `${c.kind} ${output !== undefined ? String(output) : streaming ? 'streaming' : 'default'}`;
  if (output === 'serialize_partial') return outOfScope(group, 'output: serialize_partial reports {value, state} of streamed fields (partial parsing, a later issue)');
  if (streaming) return outOfScope(group, 'streaming: the input is a prefix of a streamed answer (partial parsing, a later issue)');
  if (output !== undefined) return outOfScope(group, `BAML output ${String(output)} is not modelled`);
  try {
    return scoredPlan(group, bamlContract(c.schema as BamlSchema, c.id), {}, expectationOf(c));
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
    default: {
      // A bare scalar answer is jsonrepair's (and best-effort's) business, not an artifact's.
      const group = plainGroup(c);
      return scoredPlan(group, z.unknown(), {}, expectationOf(c), group.includes('scalar root') ? 'repairJson' : undefined);
    }
  }
}
