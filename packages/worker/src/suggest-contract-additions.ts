/**
 * Mines a batch's failures and interventions for drift the contract does not
 * cover yet: keys stripped as extras where a required field of the same object
 * was missing (aliases), enum values that failed (synonyms), single-key
 * envelopes around the artifact (wrappers), tags and fences the artifacts came
 * in. Each proposal carries counts and example lines; the additions are then
 * checked by re-validating the failed records' parsed values. Nothing is applied.
 */
import { defineContract, safeParse, type Contract, type ParseResult, type SynonymTable } from '@airlock/core';
import { normalizeValue, schemaModel, type SchemaModel } from '@airlock/core/internal';
import { canonicalGuess, compatible, jsonOf, modelAt, parseIssuePath, pattern, valueAt, type Segment } from './suggest-support.js';

/** One record as the batch output reader yields it. */
export interface SuggestRecord {
  line: number;
  result: ParseResult<unknown>;
}

/** A proposal seen in `count` records; `lines` are the first few. */
export interface Finding {
  count: number;
  lines: number[];
}

export interface AliasFinding extends Finding {
  /** Field pattern of the missing field (`issues`, `issues[].severity`). */
  field: string;
  /** The stripped key that stood where the field was missing. */
  alias: string;
}

export interface SynonymFinding extends Finding {
  field: string;
  value: string | number | boolean;
  /** The allowed value proposed as its meaning. */
  canonical: string;
  /** True when no allowed value resembles it: the canonical value is the field's most common one, a guess to check. */
  guessed: boolean;
  allowed: string[];
}

export interface KeyFinding extends Finding {
  key: string;
}

/** What {@link suggestContractAdditions} proposes. */
export interface ContractSuggestions {
  contract: string;
  records: number;
  failed: number;
  aliases: AliasFinding[];
  synonyms: SynonymFinding[];
  /** Single keys around the artifact the contract does not unwrap (proposed). */
  wrappers: KeyFinding[];
  /** Wrapper keys already unwrapped (seen, nothing to add). */
  wrappersSeen: KeyFinding[];
  /** Tags the chosen candidates came in. */
  tags: KeyFinding[];
  /** Fence info strings the chosen candidates came in. */
  fences: KeyFinding[];
  /** The contract's normalization fields with the additions merged in (what the fragment prints). */
  additions: { rootAliases?: Record<string, string[]>; aliases?: Record<string, string[]>; synonyms?: Record<string, SynonymTable>; wrappers?: string[]; tags?: string[] };
  /** Failed records whose parsed value passes with the additions, out of those checked. */
  check: { checked: number; wouldPass: number };
}

const EXAMPLES = 5;
/** Failed records kept for the re-validation check. */
const CHECK_LIMIT = 20_000;

class Tally<T extends Finding> {
  readonly items = new Map<string, T>();
  add(key: string, line: number, make: () => Omit<T, 'count' | 'lines'>): void {
    let item = this.items.get(key);
    if (item === undefined) {
      item = { ...make(), count: 0, lines: [] } as unknown as T;
      this.items.set(key, item);
    }
    item.count++;
    if (item.lines.length < EXAMPLES) item.lines.push(line);
  }
  sorted(): T[] {
    return [...this.items.values()].sort((a, b) => b.count - a.count);
  }
}

interface Miner {
  contract: Contract<unknown>;
  model: SchemaModel;
  aliases: Tally<AliasFinding>;
  synonyms: Tally<SynonymFinding>;
  wrappers: Tally<KeyFinding>;
  wrappersSeen: Tally<KeyFinding>;
  tags: Tally<KeyFinding>;
  fences: Tally<KeyFinding>;
  /** Enum field → value → count among valid records (for guesses). */
  enumValues: Map<string, Map<string, number>>;
}

/** A single unknown key around an object holding root keys of the schema: an envelope to unwrap. */
function wrapperKey(raw: unknown, model: SchemaModel): string | undefined {
  if (model.kind !== 'object' || typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const keys = Object.keys(raw);
  if (keys.length !== 1 || model.shape.has(keys[0]!)) return undefined;
  const inner = (raw as Record<string, unknown>)[keys[0]!];
  if (typeof inner !== 'object' || inner === null || Array.isArray(inner)) return undefined;
  return Object.keys(inner).some((k) => model.shape.has(k)) ? keys[0] : undefined;
}

function mineFailure(m: Miner, line: number, result: ParseResult<unknown> & { success: false }): void {
  const wrapper = wrapperKey(result.raw, m.model);
  if (wrapper !== undefined) {
    m.wrappers.add(wrapper, line, () => ({ key: wrapper }));
    return;
  }
  if (result.raw === undefined || result.validationErrors === undefined) return;
  let normalized: unknown;
  try {
    normalized = normalizeValue(result.raw, m.contract).value;
  } catch {
    return;
  }
  const stripped = result.interventions.filter((i) => i.rule === 'extra_key_stripped' && Array.isArray(i.path) && i.path.length > 0);
  for (const error of result.validationErrors) {
    const segments = parseIssuePath(error.path);
    if (segments === undefined || segments.length === 0) continue;
    const field = modelAt(m.model, segments);
    const value = valueAt(normalized, segments);
    if (value === undefined) {
      mineMissing(m, line, segments, field, stripped.map((i) => ({ path: i.path!, before: i.before })));
    } else if (field.kind === 'enum' && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') && !field.values.includes(value)) {
      const name = pattern(segments);
      const allowed = field.values.map(String);
      // The canonical value is chosen at the end, when the valid records' values are all counted.
      m.synonyms.add(`${name}\u0000${String(value)}`, line, () => ({ field: name, value, canonical: '', guessed: false, allowed }));
    }
  }
}

/** A missing field and a stripped key of the same object whose value fits the field: an alias. */
function mineMissing(m: Miner, line: number, segments: Segment[], field: SchemaModel, stripped: { path: Segment[]; before: string | undefined }[]): void {
  const parent = segments.slice(0, -1);
  const name = pattern(segments);
  for (const extra of stripped) {
    const extraParent = extra.path.slice(0, -1);
    if (extraParent.length !== parent.length || extraParent.some((s, k) => s !== parent[k])) continue;
    const alias = String(extra.path[extra.path.length - 1]);
    if (!compatible(jsonOf(extra.before), field)) continue;
    m.aliases.add(`${name}\u0000${alias}`, line, () => ({ field: name, alias }));
  }
}

function mineSuccess(m: Miner, data: unknown): void {
  for (const [name, counts] of m.enumValues) {
    for (const value of valuesAt(data, name)) if (typeof value === 'string') counts.set(value, (counts.get(value) ?? 0) + 1);
  }
}

/** Values at a field pattern (`issues[].severity`), expanding lists. */
function valuesAt(data: unknown, name: string): unknown[] {
  let values: unknown[] = [data];
  for (const part of name.split('.')) {
    const list = part.endsWith('[]');
    const key = list ? part.slice(0, -2) : part;
    values = values.flatMap((v) => (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.prototype.hasOwnProperty.call(v, key) ? [(v as Record<string, unknown>)[key]] : []));
    if (list) values = values.flatMap((v) => (Array.isArray(v) ? v : []));
  }
  return values;
}

/** Enum field patterns of a schema model (`verdict`, `issues[].severity`). */
function enumFields(model: SchemaModel, prefix = '', depth = 0): string[] {
  if (depth > 12) return [];
  if (model.kind === 'enum') return prefix === '' ? [] : [prefix];
  if (model.kind === 'array') return enumFields(model.element, `${prefix}[]`, depth + 1);
  if (model.kind !== 'object') return [];
  return [...model.shape].flatMap(([key, child]) => enumFields(child, prefix === '' ? key : `${prefix}.${key}`, depth + 1));
}

function mergeAdditions(contract: Contract<unknown>, s: Pick<ContractSuggestions, 'aliases' | 'synonyms' | 'wrappers' | 'tags'>): ContractSuggestions['additions'] {
  const spec = contract.normalization;
  const additions: ContractSuggestions['additions'] = {};
  const addTo = (map: Record<string, string[]>, key: string, value: string): void => {
    const list = (map[key] ??= []);
    if (!list.includes(value)) list.push(value);
  };
  const rootAliases = Object.fromEntries(Object.entries(spec.rootAliases ?? {}).map(([k, v]) => [k, [...v]]));
  const aliases = Object.fromEntries(Object.entries(spec.aliases ?? {}).map(([k, v]) => [k, [...v]]));
  for (const finding of s.aliases) addTo(finding.field.includes('.') || finding.field.includes('[') ? aliases : rootAliases, finding.field, finding.alias);
  if (s.aliases.some((f) => !f.field.includes('.') && !f.field.includes('['))) additions.rootAliases = rootAliases;
  if (s.aliases.some((f) => f.field.includes('.') || f.field.includes('['))) additions.aliases = aliases;
  if (s.synonyms.length > 0) {
    const synonyms: Record<string, { map: Record<string, (string | number | boolean)[]>; fallback?: string }> = Object.fromEntries(
      Object.entries(spec.synonyms ?? {}).map(([k, t]) => [k, { map: Object.fromEntries(Object.entries(t.map).map(([c, v]) => [c, [...v]])), ...(t.fallback === undefined ? {} : { fallback: t.fallback }) }]));
    for (const f of s.synonyms) {
      const table = (synonyms[f.field] ??= { map: {} });
      const list = (table.map[f.canonical] ??= []);
      if (!list.includes(f.value)) list.push(f.value);
    }
    additions.synonyms = synonyms;
  }
  if (s.wrappers.length > 0) additions.wrappers = [...new Set([...(spec.wrappers ?? []), ...s.wrappers.map((w) => w.key)])];
  const newTags = s.tags.map((t) => t.key).filter((t) => !contract.tags.includes(t));
  if (newTags.length > 0) additions.tags = [...contract.tags, ...newTags];
  return additions;
}

/**
 * Reads a batch's records and proposes contract additions; nothing is applied.
 *
 * @example
 * const output = await readBatchOutput('out.ndjson');
 * const suggestions = await suggestContractAdditions(output, contract);
 * console.log(formatContractFragment(suggestions));
 */
export async function suggestContractAdditions(records: AsyncIterable<SuggestRecord> | Iterable<SuggestRecord>, contract: Contract<unknown>): Promise<ContractSuggestions> {
  const model = schemaModel(contract.schema);
  const m: Miner = {
    contract, model, aliases: new Tally(), synonyms: new Tally(), wrappers: new Tally(), wrappersSeen: new Tally(), tags: new Tally(), fences: new Tally(),
    enumValues: new Map(enumFields(model).map((name) => [name, new Map<string, number>()])),
  };
  let count = 0, failed = 0;
  const toCheck: unknown[] = [];
  for await (const { line, result } of records) {
    count++;
    for (const i of result.interventions) if (i.rule === 'wrapper_unwrapped' && typeof i.before === 'string') m.wrappersSeen.add(i.before, line, () => ({ key: i.before! }));
    const tag = result.candidate?.tag;
    if (tag !== undefined) m.tags.add(tag, line, () => ({ key: tag }));
    const fence = result.candidate?.fenceInfo;
    if (fence !== undefined && fence !== '') m.fences.add(fence, line, () => ({ key: fence }));
    if (result.success) mineSuccess(m, result.data);
    else {
      failed++;
      mineFailure(m, line, result);
      if (result.raw !== undefined && toCheck.length < CHECK_LIMIT) toCheck.push(result.raw);
    }
  }
  const synonyms = m.synonyms.sorted().map((f) => ({ ...f, ...canonicalGuess(String(f.value), f.allowed, m.enumValues.get(f.field)) }));
  const found = { aliases: m.aliases.sorted(), synonyms, wrappers: m.wrappers.sorted(), tags: m.tags.sorted() };
  const additions = mergeAdditions(contract, found);
  return {
    contract: contract.name, records: count, failed, ...found, wrappersSeen: m.wrappersSeen.sorted(), fences: m.fences.sorted(), additions,
    check: checkAdditions(contract, additions, toCheck),
  };
}

/** Re-validates the failed records' parsed values under the contract with the additions. */
function checkAdditions(contract: Contract<unknown>, additions: ContractSuggestions['additions'], values: unknown[]): ContractSuggestions['check'] {
  if (Object.keys(additions).length === 0) return { checked: values.length, wouldPass: 0 };
  const knownKeys = [...new Set([...contract.knownKeys, ...Object.values(additions.rootAliases ?? {}).flat()])];
  const extended = defineContract({
    ...contract.normalization, ...additions, tags: additions.tags ?? contract.tags, knownKeys,
    name: contract.name, schema: contract.schema, expect: contract.expect, yaml: contract.yamlHints,
  });
  let wouldPass = 0;
  for (const value of values) if (safeParse(JSON.stringify(value) ?? '', extended).success) wouldPass++;
  return { checked: values.length, wouldPass };
}
