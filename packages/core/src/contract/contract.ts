/**
 * A contract: the schema an output must satisfy plus what the pipeline needs
 * to know to find and normalize it. Plain Zod schemas and any Standard Schema
 * (v1) validator are accepted wherever a contract is (see {@link toContract}).
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import { schemaFingerprint } from '../schema/schema-fingerprint.js';
import { CONTRACT_BRAND, isContract as isBranded } from './contract-brand.js';
import type { NormalizationSpec } from './normalization-spec.js';
import type { ContractCheck } from '../validate/run-checks.js';

export { CONTRACT_BRAND } from './contract-brand.js';

/** Anything that validates: a Zod 4 schema or another Standard Schema v1 validator. */
export type AnySchema<T = unknown> = StandardSchemaV1<unknown, T>;

/**
 * A resolved contract. `normalization` is filled by `defineContract`; for a bare
 * schema it is empty and only the defaults apply.
 */
export interface Contract<T = unknown> {
  readonly kind: typeof CONTRACT_BRAND;
  readonly name: string;
  readonly schema: AnySchema<T>;
  /** Top-level keys: used by candidate extraction (`key:` lines) and echo detection. */
  readonly knownKeys: readonly string[];
  /** Tag envelopes the output may arrive in (`<BEAD_STATUS>`). */
  readonly tags: readonly string[];
  /** Top-level shape, to choose among several JSON roots in prose. */
  readonly expect: 'object' | 'array' | 'any';
  /**
   * sha256 (hex) of the schema's canonical closed JSON Schema (`@airlock/core/schema`):
   * batch outputs carry it and resume refuses another. Schemas outside the
   * AgentSchema profile get a stable fallback hash (see `schemaFingerprint`).
   */
  readonly fingerprint: string;
  /** Declarative normalization (wrappers, aliases, synonyms, ids, …); filled by `defineContract`. */
  readonly normalization: NormalizationSpec;
  /** Hints for the YAML structural repairs; filled by `defineContract`. */
  readonly yamlHints: YamlHints;
  /** The artifact arrives as JSON Lines (one object per line is the list, read with no intervention). */
  readonly jsonLines?: boolean;
  /** Checks run on the validated value with the runtime context; filled by `defineContract`. */
  readonly checks?: readonly ContractCheck<T>[];
}

/** Per-contract knowledge the YAML structural repairs may use (seed 001). */
export interface YamlHints {
  /** Parent key → child keys that belong nested under it (`generated_by: [winner_model, generated_at]`). */
  readonly nestedChildren?: Readonly<Record<string, readonly string[]>>;
  /** List key → primary key a bare scalar item becomes (`beads: 'id'`, `files: 'path'`). */
  readonly listPrimaryKeys?: Readonly<Record<string, string>>;
  /** Keys whose values are free text (`free_text`), for the free-text scalar repair. */
  readonly freeTextKeys?: readonly string[];
  /** Wrapper keys whose body models indent one level too shallow (`draft_scores:`), re-indented under them. */
  readonly wrapperKeys?: readonly string[];
  /**
   * Words of numbered record labels (`Draft` for `Draft 1:`, `draft_2:`, `DRAFT-3:`; any case): the
   * rows a model writes at such a label's own indentation are re-indented under it. None by default.
   */
  readonly numberedLabels?: readonly string[];
  /**
   * Keys of objects below the root (list items, sections), added to those the schema declares:
   * several of them on one list item's line are split (`- id: Q01 phase: foundation`). For a
   * contract whose schema names no such keys (a generic document of a known vocabulary).
   */
  readonly itemKeys?: readonly string[];
}

/** True for a contract object made by `defineContract` or {@link toContract}. */
export function isContract(value: unknown): value is Contract<unknown> {
  return isBranded(value);
}

/** True for a Standard Schema v1 validator (Zod 4 schemas are). */
export function isStandardSchema(value: unknown): value is AnySchema {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { '~standard'?: { validate?: unknown } })['~standard']?.validate === 'function'
  );
}

/** Zod 4 internals we read: object shapes and the top-level type. */
interface ZodLike {
  _zod?: { def?: { type?: string; shape?: Record<string, unknown>; innerType?: unknown } };
}

function zodDef(schema: unknown): ZodLike['_zod'] extends infer Z ? (Z extends { def?: infer D } ? D : never) : never {
  return (schema as ZodLike)._zod?.def as never;
}

/** Unwraps optional/nullable/default/pipe wrappers to reach the structural type. */
export function unwrapZod(schema: unknown): unknown {
  let current = schema;
  for (let guard = 0; guard < 16; guard++) {
    const def = zodDef(current) as { type?: string; innerType?: unknown; in?: unknown } | undefined;
    if (def === undefined) return current;
    if (def.innerType !== undefined && ['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type ?? '')) {
      current = def.innerType;
    } else if (def.type === 'pipe' && def.in !== undefined) {
      current = def.in;
    } else return current;
  }
  return current;
}

/** Top-level keys of a Zod object schema, or [] when not introspectable. */
export function schemaKeys(schema: unknown): string[] {
  const def = zodDef(unwrapZod(schema)) as { type?: string; shape?: Record<string, unknown> } | undefined;
  return def?.type === 'object' && def.shape !== undefined ? Object.keys(def.shape) : [];
}

function schemaExpect(schema: unknown): Contract['expect'] {
  const type = (zodDef(unwrapZod(schema)) as { type?: string } | undefined)?.type;
  if (type === 'object' || type === 'record') return 'object';
  if (type === 'array' || type === 'tuple') return 'array';
  return 'any';
}

/**
 * Completes a contract with its fingerprint, computed on first read: deriving
 * the JSON Schema and hashing it is work that parsing outputs never needs.
 *
 * @example
 * const contract = withFingerprint({ kind: CONTRACT_BRAND, name: 'review', schema, … });
 * contract.fingerprint // sha256 hex of the canonical closed JSON Schema
 */
export function withFingerprint<T>(fields: Omit<Contract<T>, 'fingerprint'>): Contract<T> {
  let fingerprint: string | undefined;
  return Object.defineProperty(fields, 'fingerprint', {
    enumerable: true,
    get: () => (fingerprint ??= schemaFingerprint(fields.schema, fields.name)),
  }) as Contract<T>;
}

/**
 * Resolves a contract or a bare schema to a contract.
 *
 * @example
 * const contract = toContract(z.object({ title: z.string() }));
 * contract.knownKeys // ['title']
 */
export function toContract<T>(input: Contract<T> | AnySchema<T>, name = 'anonymous'): Contract<T> {
  if (isContract(input)) return input as Contract<T>;
  if (!isStandardSchema(input)) {
    throw new TypeError('Expected a Zod schema, a Standard Schema validator or an Airlock contract.');
  }
  // Resolving walks the schema and hashes it; callers pass the same schema on every call.
  const byName = resolvedSchemas.get(input);
  const cached = byName?.get(name);
  if (cached !== undefined) return cached as Contract<T>;
  const knownKeys = schemaKeys(input);
  const contract = withFingerprint<T>({
    kind: CONTRACT_BRAND,
    name,
    schema: input,
    knownKeys,
    tags: [],
    expect: schemaExpect(input),
    normalization: {},
    yamlHints: {},
  });
  if (byName === undefined) resolvedSchemas.set(input, new Map([[name, contract]]));
  else byName.set(name, contract);
  return contract;
}

/** Contracts resolved from bare schemas, per schema object and name. */
const resolvedSchemas = new WeakMap<object, Map<string, Contract<unknown>>>();

export { schemaExpect };
