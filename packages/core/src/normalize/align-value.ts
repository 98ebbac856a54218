/**
 * Schema-aligned parsing over a whole value: after the declared normalization,
 * when the value still fails validation, read each node the way the schema
 * at its place wants (see align-node.ts) and choose union branches by cost.
 * It runs only on values that fail validation, so a valid output pays nothing
 * and passes with zero interventions; all or nothing: when the aligned value
 * does not validate either, the first failure is reported as it was.
 */
import { toContract, type AnySchema, type Contract } from '../contract/contract.js';
import { declaredBareAliases, planFor, type NormalizationPlan } from '../contract/normalization-plan.js';
import type { NormalizationSpec } from '../contract/normalization-spec.js';
import type { SchemaModel } from '../contract/schema-model.js';
import { compareCost, interventionCost, type Cost } from '../intervention-cost.js';
import type { Intervention, ValuePath } from '../types.js';
import { checkValue, formatPath, isValid, type CheckOutcome } from '../validate/validate-value.js';
import { ALIGN_CODE_INFO, type AlignCode } from './align-codes.js';
import { alignNode, type AlignStep } from './align-node.js';
import type { EnumNames } from './match-enum.js';
import { normalizeValue } from './normalize-value.js';
import type { NormalizeFailure, NormalizeOptions } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { describeBranch, keepUnionKeys } from './keep-union-keys.js';
import { deepEqual, excerpt } from './value-tree.js';
import { walkValue } from './walk-value.js';

/** Normalization, then validation, with the aligned reading when the first one fails. */
export interface CheckedOutcome<T> {
  value: unknown;
  interventions: Intervention[];
  /** A normalization stage refused (ambiguous aliases, an ambiguous mention): class `schema`. */
  failure?: NormalizeFailure;
  /** Set when no stage refused. */
  validation?: CheckOutcome<T>;
}

/** Unions inside unions are tried to this depth (each level tries every branch). */
const MAX_UNION_DEPTH = 8;
/** Rounds of alignment at one node (`["1,234"]` → `"1,234"` → 1234). */
const MAX_ROUNDS = 4;

/**
 * Normalizes a value, validates it, and when it fails (and `align` is on) reads
 * it the way the schema wants and validates again.
 *
 * @example
 * normalizeAndValidate('The answer is **one**', toContract(z.enum(['ONE', 'TWO']))).value // 'ONE'
 */
export function normalizeAndValidate<T>(value: unknown, contract: Contract<T>, options: NormalizeOptions = {}, depth = 0, align = true): CheckedOutcome<T> {
  const normalized = normalizeValue(value, contract as Contract<unknown>, options);
  if (normalized.failure !== undefined) return normalized;
  const validation = checkValue(contract.schema, normalized.value);
  if (validation.ok && depth === 0) return keptKeys(normalized.value, normalized.interventions, validation, contract);
  // Built field by field: a spread of `normalized` here cost about a sixth of a clean record.
  if (validation.ok || !align || depth > MAX_UNION_DEPTH) return { value: normalized.value, interventions: normalized.interventions, validation };
  const aligned = alignToSchema(normalized.value, contract as Contract<unknown>, options, depth);
  if (aligned.failure !== undefined) return { value: normalized.value, interventions: [...normalized.interventions, ...aligned.interventions], failure: aligned.failure };
  const read = aligned.interventions.length === 0 ? null : renormalized(aligned, contract, options);
  if (read !== null) return keptKeys(read.value, [...normalized.interventions, ...aligned.interventions, ...read.interventions], read.validation, contract, depth);
  // The declared normalization may have removed what the aligned reading needs (the keys of
  // an object that belongs one level down, stripped as extra): read the value as it came.
  if (normalized.value !== value) {
    const fromRaw = alignToSchema(value, contract as Contract<unknown>, options, depth);
    const again = fromRaw.failure === undefined && fromRaw.interventions.length > 0 ? renormalized(fromRaw, contract, options) : null;
    if (again !== null) return keptKeys(again.value, [...fromRaw.interventions, ...again.interventions], again.validation, contract, depth);
  }
  return { value: normalized.value, interventions: normalized.interventions, validation };
}

/**
 * A valid outcome, with the keys a union's first valid branch would strip kept where another
 * branch keeps them (keep-union-keys.ts). Only at the top: a union branch's reading is validated
 * again as part of the whole value, and recorded there.
 */
function keptKeys<T>(value: unknown, interventions: Intervention[], validation: Extract<CheckOutcome<T>, { ok: true }>, contract: Contract<T>, depth = 0): CheckedOutcome<T> {
  const kept = depth === 0 ? keepUnionKeys(value, validation.value, contract) : undefined;
  if (kept === undefined || kept.interventions.length === 0) return { value, interventions, validation };
  return { value, interventions: [...interventions, ...kept.interventions], validation: { ok: true, value: kept.value } };
}

/** The declared normalization and validation of an aligned value, or null when it does not validate. */
function renormalized<T>(aligned: { value: unknown }, contract: Contract<T>, options: NormalizeOptions): { value: unknown; interventions: Intervention[]; validation: Extract<CheckOutcome<T>, { ok: true }> } | null {
  const again = normalizeValue(aligned.value, contract as Contract<unknown>, options);
  if (again.failure !== undefined) return null;
  const validation = checkValue(contract.schema, again.value);
  return validation.ok ? { value: again.value, interventions: again.interventions, validation } : null;
}

function record(rule: AlignStep['rule'], path: ValuePath, before: unknown, after: unknown): Intervention {
  const where = formatPath(path);
  const info = rule in ALIGN_CODE_INFO ? ALIGN_CODE_INFO[rule as AlignCode] : { category: 'cleanup' as const, message: 'Normalized {where}.' };
  const message = `${info.message.replace('{where}', where)}${after === undefined ? '' : ` ${excerpt(before)} → ${excerpt(after)}.`}`;
  const change = normalizeChange(rule, info.category, message, path, before === undefined ? '' : excerpt(before), after === undefined ? '' : excerpt(after));
  return change;
}

function stepIntervention(step: AlignStep, path: ValuePath): Intervention {
  return record(step.rule, step.key === undefined ? path : [...path, step.key], step.before, step.after);
}

const namesCache = new WeakMap<object, EnumNames>();

/** Allowed values and declared spellings at an enum place (per-value aliases and the place's synonym table). */
function namesAt(plan: NormalizationPlan, contract: Contract<unknown>, place: object, pattern: string, model: SchemaModel): EnumNames {
  const cached = namesCache.get(place);
  if (cached !== undefined) return cached;
  const values = model.kind === 'enum' ? model.values : [];
  const aliases = new Map<unknown, string[]>();
  const declared = contract.normalization.enumAliases ?? {};
  const synonyms = plan.synonyms.get(pattern);
  for (const value of values) {
    const list = [...(typeof value === 'string' ? declared[value] ?? [] : []), ...(typeof value === 'string' ? synonyms?.spellings.get(value) ?? [] : [])];
    if (list.length > 0) aliases.set(value, list);
  }
  const names = { values, aliases };
  namesCache.set(place, names);
  return names;
}

interface Reading {
  readonly index: number;
  readonly value: unknown;
  readonly interventions: Intervention[];
  readonly cost: Cost;
}

/** Branch contracts per outer normalization spec and branch schema. */
const branchContracts = new WeakMap<object, WeakMap<object, Contract<unknown>>>();

/**
 * A union branch as a contract of its own. Declared paths do not reach inside it, but the
 * contract's `enumAliases` do (they name values, not places), and so do field aliases given by
 * a bare name the branch declares (`aliases: { signature: ['function_signature'] }` wherever an
 * object declares `signature`, in a union's member too).
 */
function branchContract(schema: AnySchema, outer: Contract<unknown>): Contract<unknown> {
  const bare = toContract(schema, 'union-branch') as Contract<unknown>;
  const { enumAliases, aliases } = outer.normalization;
  const carriesEnums = enumAliases !== undefined && Object.keys(enumAliases).length > 0;
  if (!carriesEnums && (aliases === undefined || Object.keys(aliases).length === 0)) return bare;
  let bySchema = branchContracts.get(outer.normalization);
  if (bySchema === undefined) branchContracts.set(outer.normalization, (bySchema = new WeakMap()));
  let contract = bySchema.get(schema);
  if (contract === undefined) {
    const fieldAliases = aliases === undefined ? undefined : declaredBareAliases(planFor(bare).model, aliases);
    const normalization: NormalizationSpec = { ...(carriesEnums && { enumAliases }), ...(fieldAliases !== undefined && { aliases: fieldAliases }) };
    contract = carriesEnums || fieldAliases !== undefined ? { ...bare, normalization } : bare;
    bySchema.set(schema, contract);
  }
  return contract;
}

/** Tries every branch; the cheapest valid reading wins; equal cost with different values refuses. */
function resolveUnion(node: unknown, model: Extract<SchemaModel, { kind: 'union' }>, path: ValuePath, contract: Contract<unknown>, options: NormalizeOptions, depth: number): { value: unknown; interventions: Intervention[] } | { refuse: string } | null {
  if (isValid(model.schema as AnySchema, node)) return null;
  const readings: Reading[] = [];
  model.schemas.forEach((schema, index) => {
    const branch = branchContract(schema as AnySchema, contract);
    const out = normalizeAndValidate(node, branch, options, depth + 1);
    if (out.failure === undefined && out.validation?.ok === true) readings.push({ index, value: out.value, interventions: out.interventions, cost: interventionCost(out.interventions) });
  });
  if (readings.length === 0) return null;
  readings.sort((a, b) => compareCost(a.cost, b.cost) || a.index - b.index);
  const best = readings[0]!;
  const rival = readings.find((r) => r !== best && compareCost(r.cost, best.cost) === 0 && !deepEqual(r.value, best.value));
  const where = formatPath(path);
  if (rival !== undefined) {
    return { refuse: `Ambiguous union at ${where}: ${describeBranch(model.options[best.index]!, best.index)} and ${describeBranch(model.options[rival.index]!, rival.index)} both fit at the same cost with different values; refusing to choose.` };
  }
  const chosen = normalizeChange('union_branch_chosen', 'cleanup', `Chose ${describeBranch(model.options[best.index]!, best.index)} of ${model.options.length} at ${where}: the cheapest that validates.`, path);
  const inner = best.interventions.map((i) => (i.path === undefined ? i : { ...i, path: [...path, ...i.path] }));
  return { value: best.value, interventions: [chosen, ...inner] };
}

/**
 * The aligning walk alone: each node read the way its place wants.
 *
 * @example
 * alignToSchema({ foo: ['1,234'] }, toContract(z.object({ foo: z.number() }))).value // { foo: 1234 }
 */
export function alignToSchema(value: unknown, contract: Contract<unknown>, options: NormalizeOptions = {}, depth = 0): { value: unknown; interventions: Intervention[]; failure?: NormalizeFailure } {
  const plan = planFor(contract);
  const interventions: Intervention[] = [];
  let refusal: NormalizeFailure | undefined;
  const out = walkValue(value, plan, (node, at) => {
    if (refusal !== undefined) return node;
    let current = node;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const { model, path } = at;
      const result = model.kind === 'union' ? resolveUnion(current, model, path, contract, options, depth) : alignNode(current, model, path, namesAt(plan, contract, at.place, at.pattern, model));
      if (result === null) break;
      if ('refuse' in result) {
        refusal = { message: result.refuse, issues: [{ path: formatPath(path), message: result.refuse }] };
        return node;
      }
      // One by one: an argument spread of a huge list overflows the stack.
      if ('steps' in result) for (const s of result.steps) interventions.push(stepIntervention(s, path));
      else for (const i of result.interventions) interventions.push(i);
      current = result.value;
      if (model.kind === 'union') break;
    }
    return current;
  });
  return refusal === undefined ? { value: out, interventions } : { value, interventions, failure: refusal };
}
