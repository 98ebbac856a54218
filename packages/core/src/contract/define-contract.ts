/**
 * `defineContract`: a schema plus the declarative normalization the engine
 * applies before validation (see NORMALIZATION.md).
 */
import { CONTRACT_BRAND, isStandardSchema, schemaExpect, schemaKeys, withFingerprint, type AnySchema, type Contract, type YamlHints } from './contract.js';
import type { NormalizationSpec } from './normalization-spec.js';
import type { ContractCheck } from '../validate/run-checks.js';

/** What `defineContract` takes: a name, a schema, and any normalization fields. */
export interface ContractDefinition<T> extends NormalizationSpec {
  readonly name: string;
  /** A Zod 4 schema (full normalization) or any Standard Schema v1 validator (no introspection). */
  readonly schema: AnySchema<T>;
  /** Known top-level keys; default: the schema's keys plus the root aliases. */
  readonly knownKeys?: readonly string[];
  /** Tag envelopes the output may arrive in (`BEAD_STATUS`). */
  readonly tags?: readonly string[];
  /** Top-level shape; default read from the schema. */
  readonly expect?: Contract['expect'];
  /** Hints for the YAML repairs. List primary keys default to the id keys of `ids`. */
  readonly yaml?: YamlHints;
  /**
   * The artifact's wire format is JSON Lines: text whose every non-blank line is a JSON object
   * reads as the list of them, with no intervention (it is not a repair). For list schemas.
   */
  readonly jsonLines?: boolean;
  /** Checks run on the validated value with `options.context` (see {@link ContractCheck}). */
  readonly checks?: readonly ContractCheck<T>[];
}

const SPEC_FIELDS = [
  'wrappers',
  'genericWrappers',
  'replaceDefaultWrappers',
  'rootAliases',
  'aliases',
  'extras',
  'keyMatching',
  'synonyms',
  'enumAliases',
  'ids',
  'defaults',
  'derived',
  'paths',
  'context',
  'promptEcho',
  'optionalNulls',
  'wording',
  'nest',
  'sections',
  'strings',
  'recordKeys',
  'drop',
  'hoist',
  'overlay',
  'attribution',
  'order',
  'replaceInvalid',
  'noteEmpty',
  'stream',
] as const satisfies readonly (keyof NormalizationSpec)[];

/** `epics[].user_stories` → `user_stories`: the YAML repairs see plain key names. */
function lastKey(pattern: string): string {
  const segment = pattern.slice(pattern.lastIndexOf('.') + 1);
  return segment.endsWith('[]') ? segment.slice(0, -2) : segment;
}

function yamlHintsOf(definition: ContractDefinition<unknown>): YamlHints {
  const listPrimaryKeys: Record<string, string> = {};
  for (const [list, strategy] of Object.entries(definition.ids ?? {})) listPrimaryKeys[lastKey(list)] = strategy.key ?? 'id';
  // A list whose bare items are nested under a key (`file_effects[]: path`) names its primary key too.
  for (const [place, key] of Object.entries(definition.nest ?? {})) if (place.endsWith('[]')) listPrimaryKeys[lastKey(place)] = key;
  Object.assign(listPrimaryKeys, definition.yaml?.listPrimaryKeys ?? {});
  const hints: { -readonly [K in keyof YamlHints]: YamlHints[K] } = { ...definition.yaml };
  if (Object.keys(listPrimaryKeys).length > 0) hints.listPrimaryKeys = listPrimaryKeys;
  return hints;
}

/**
 * Declares a contract: a schema plus how drifted output is normalized toward it.
 *
 * @example
 * const review = defineContract({
 *   name: 'review',
 *   schema: z.object({ verdict: z.enum(['approve', 'request_changes']), issues: z.array(issue) }),
 *   rootAliases: { issues: ['findings'] },
 *   synonyms: { verdict: { map: { approve: ['lgtm', 'approved'] } } },
 * });
 * safeParse('{"verdict":"LGTM","findings":[]}', review) // data: { verdict: 'approve', issues: [] }
 */
export function defineContract<T>(definition: ContractDefinition<T>): Contract<T> {
  if (!isStandardSchema(definition.schema)) {
    throw new TypeError(`defineContract(${definition.name}): expected a Zod schema or a Standard Schema validator.`);
  }
  const normalization: { -readonly [K in keyof NormalizationSpec]: NormalizationSpec[K] } = {};
  for (const field of SPEC_FIELDS) {
    if (definition[field] !== undefined) (normalization as Record<string, unknown>)[field] = definition[field];
  }
  const knownKeys = definition.knownKeys ?? [...new Set([...schemaKeys(definition.schema), ...Object.values(definition.rootAliases ?? {}).flat()])];
  return withFingerprint({
    kind: CONTRACT_BRAND,
    name: definition.name,
    schema: definition.schema,
    knownKeys,
    tags: definition.tags ?? [],
    expect: definition.expect ?? schemaExpect(definition.schema),
    normalization,
    yamlHints: yamlHintsOf(definition as ContractDefinition<unknown>),
    ...(definition.checks !== undefined && definition.checks.length > 0 && { checks: definition.checks }),
    ...(definition.jsonLines === true && { jsonLines: true }),
  });
}
