/**
 * A plain model of a Zod 4 schema: just what normalization needs (object
 * shapes, list elements, scalar kinds, enum values). Other Standard Schema
 * validators cannot be introspected and model as `unknown`.
 */

/** Shape of a value the schema accepts, as far as normalization cares. */
export type SchemaModel =
  | {
      readonly kind: 'object';
      readonly shape: ReadonlyMap<string, SchemaModel>;
      /** Keys that must be present (not optional, no default). */
      readonly required: ReadonlySet<string>;
      /** `strip`: plain z.object; `keep`: loose/catchall; `reject`: strict. */
      readonly unknownKeys: 'strip' | 'keep' | 'reject';
      /** Keys whose schema accepts `null` (`.nullable()`, `.nullish()`, a union with `z.null()`). */
      readonly nullable: ReadonlySet<string>;
      /** The model of undeclared keys' values (`.catchall(z.number())`, JSON Schema `additionalProperties`), when it says more than `unknown`. */
      readonly catchall?: SchemaModel;
    }
  | { readonly kind: 'array'; readonly element: SchemaModel }
  | { readonly kind: 'record'; readonly value: SchemaModel }
  | { readonly kind: 'enum'; readonly values: readonly unknown[] }
  | { readonly kind: 'number'; readonly integer: boolean }
  | { readonly kind: 'string' }
  | { readonly kind: 'boolean' }
  /**
   * A union that is not only literals: each branch's model with its own schema
   * (branches are validated one by one), and the union's schema itself.
   */
  | { readonly kind: 'union'; readonly options: readonly SchemaModel[]; readonly schemas: readonly unknown[]; readonly schema: unknown }
  | { readonly kind: 'unknown' };

export const UNKNOWN_MODEL: SchemaModel = { kind: 'unknown' };

interface ZodDef {
  type?: string;
  shape?: Record<string, unknown>;
  catchall?: unknown;
  element?: unknown;
  valueType?: unknown;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: unknown[];
  innerType?: unknown;
  in?: unknown;
  getter?: () => unknown;
  format?: string;
  checks?: { _zod?: { def?: { format?: string } } }[];
}

function defOf(schema: unknown): ZodDef | undefined {
  if ((typeof schema !== 'object' && typeof schema !== 'function') || schema === null) return undefined;
  return (schema as { _zod?: { def?: ZodDef } })._zod?.def;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success']);
/** Recursive (lazy) schemas are modelled to this depth, then `unknown`. */
const MAX_MODEL_DEPTH = 24;

function isOptional(schema: unknown): boolean {
  const optin = (schema as { _zod?: { optin?: string } })._zod?.optin;
  return optin === 'optional';
}

/** True when the schema accepts `null` as it is (through wrappers and unions). */
function acceptsNull(schema: unknown, depth = 0): boolean {
  const def = defOf(schema);
  if (def === undefined || depth > MAX_MODEL_DEPTH) return false;
  const type = def.type ?? '';
  if (type === 'nullable' || type === 'null' || type === 'any' || type === 'unknown') return true;
  if (type === 'literal') return (def.values ?? []).includes(null);
  if (type === 'union') return (def.options ?? []).some((o) => acceptsNull(o, depth + 1));
  if (type === 'pipe') return def.in !== undefined && acceptsNull(def.in, depth + 1);
  return WRAPPERS.has(type) && def.innerType !== undefined && acceptsNull(def.innerType, depth + 1);
}

function isInteger(def: ZodDef): boolean {
  const formats = [def.format, ...(def.checks ?? []).map((c) => c._zod?.def?.format)];
  return formats.some((f) => f === 'safeint' || f === 'int32' || f === 'uint32' || f === 'int64' || f === 'uint64');
}

function modelOf(schema: unknown, depth: number): SchemaModel {
  if (depth > MAX_MODEL_DEPTH) return UNKNOWN_MODEL;
  const def = defOf(schema);
  if (def === undefined) return UNKNOWN_MODEL;
  const type = def.type ?? '';
  if (WRAPPERS.has(type) && def.innerType !== undefined) return modelOf(def.innerType, depth);
  switch (type) {
    case 'pipe':
      return def.in === undefined ? UNKNOWN_MODEL : modelOf(def.in, depth);
    case 'lazy':
      try {
        return typeof def.getter === 'function' ? modelOf(def.getter(), depth + 1) : UNKNOWN_MODEL;
      } catch {
        return UNKNOWN_MODEL;
      }
    case 'object': {
      const shape = new Map<string, SchemaModel>();
      const required = new Set<string>();
      const nullable = new Set<string>();
      for (const key of Object.keys(def.shape ?? {})) {
        const child = def.shape![key];
        shape.set(key, modelOf(child, depth + 1));
        if (!isOptional(child)) required.add(key);
        if (acceptsNull(child)) nullable.add(key);
      }
      const catchall = defOf(def.catchall)?.type;
      const unknownKeys = catchall === undefined ? 'strip' : catchall === 'never' ? 'reject' : 'keep';
      // Undeclared keys' values are then read like a record's (coercion, alignment).
      const rest = unknownKeys === 'keep' ? modelOf(def.catchall, depth + 1) : UNKNOWN_MODEL;
      return rest.kind === 'unknown' ? { kind: 'object', shape, required, unknownKeys, nullable } : { kind: 'object', shape, required, unknownKeys, nullable, catchall: rest };
    }
    case 'array':
      return { kind: 'array', element: modelOf(def.element, depth + 1) };
    case 'record':
      return { kind: 'record', value: modelOf(def.valueType, depth + 1) };
    case 'enum':
      return { kind: 'enum', values: Object.values(def.entries ?? {}) };
    case 'literal':
      return { kind: 'enum', values: def.values ?? [] };
    case 'number':
      return { kind: 'number', integer: isInteger(def) };
    case 'string':
      return { kind: 'string' };
    case 'boolean':
      return { kind: 'boolean' };
    case 'null':
      return NULL_MODEL;
    case 'union':
      return unionModel(schema, def.options ?? [], depth);
    default:
      return UNKNOWN_MODEL;
  }
}

/** `z.null()`: modelled as the literal null, which a union then leaves out. */
const NULL_MODEL: SchemaModel = { kind: 'enum', values: [null] };

/**
 * A union of literals/enums is an enum; a union with one non-null member is that
 * member; any other union keeps its branches (resolved by cost in normalization).
 */
function unionModel(schema: unknown, options: unknown[], depth: number): SchemaModel {
  const models = options.map((o) => modelOf(o, depth));
  const kept = models.map((m, i) => [m, options[i]] as const).filter(([m]) => !(m.kind === 'enum' && m.values.length === 1 && m.values[0] === null));
  const members = kept.map(([m]) => m);
  if (members.length === 1) return members[0]!;
  if (members.length > 0 && members.every((m) => m.kind === 'enum')) {
    return { kind: 'enum', values: members.flatMap((m) => (m.kind === 'enum' ? m.values : [])) };
  }
  if (members.length === 0 || members.some((m) => m.kind === 'unknown')) return UNKNOWN_MODEL;
  return { kind: 'union', options: members, schemas: kept.map(([, s]) => s), schema };
}

/**
 * Models a schema for normalization.
 *
 * @example
 * schemaModel(z.object({ n: z.number() })).kind // 'object'
 * schemaModel(someValibotSchema).kind            // 'unknown'
 */
export function schemaModel(schema: unknown): SchemaModel {
  return modelOf(schema, 0);
}

/**
 * True when the schema takes any value as it is (`z.unknown()`, `z.any()`, through optional,
 * nullable and the like): its root has no shape that a wrapper around the answer could hide.
 * A validator that cannot be read (another Standard Schema library) is not known to.
 *
 * @example
 * takesAnyValue(z.unknown()) // true
 * takesAnyValue(z.object({})) // false
 */
export function takesAnyValue(schema: unknown, depth = 0): boolean {
  const def = defOf(schema);
  if (def === undefined || depth > MAX_MODEL_DEPTH) return false;
  const type = def.type ?? '';
  if (type === 'unknown' || type === 'any') return true;
  return WRAPPERS.has(type) && def.innerType !== undefined && takesAnyValue(def.innerType, depth + 1);
}

/**
 * A compact, stable description of a model's keys and kinds, for fingerprints.
 *
 * @example
 * modelSignature(schemaModel(z.object({ tags: z.array(z.string()) }))) // { tags: ['string'] }
 */
export function modelSignature(model: SchemaModel, depth = 0): unknown {
  if (depth > MAX_MODEL_DEPTH) return '…';
  switch (model.kind) {
    case 'object':
      return Object.fromEntries([...model.shape].map(([k, m]) => [k, modelSignature(m, depth + 1)]));
    case 'array':
      return [modelSignature(model.element, depth + 1)];
    case 'record':
      return { '*': modelSignature(model.value, depth + 1) };
    case 'enum':
      return model.values.map(String).join('|');
    case 'union':
      // Unions were opaque before they were modelled: the signature (and so the fingerprint) stays as it was.
      return 'unknown';
    default:
      return model.kind;
  }
}

function childrenOf(model: SchemaModel): SchemaModel[] {
  if (model.kind === 'object') return model.catchall === undefined ? [...model.shape.values()] : [...model.shape.values(), model.catchall];
  if (model.kind === 'array') return [model.element];
  if (model.kind === 'record') return [model.value];
  return [];
}

/** Memoized "some model strictly below matches", to let walks skip subtrees with nothing to do. */
function below(test: (m: SchemaModel) => boolean): (model: SchemaModel) => boolean {
  const memo = new WeakMap<SchemaModel, boolean>();
  const check = (model: SchemaModel, depth: number): boolean => {
    const known = memo.get(model);
    if (known !== undefined) return known;
    const result = depth < MAX_MODEL_DEPTH + 2 && childrenOf(model).some((c) => test(c) || check(c, depth + 1));
    memo.set(model, result);
    return result;
  };
  return (model) => check(model, 0);
}

/** True when an object schema lies below this model (aliasing, extras). */
export const hasObjectBelow = below((m) => m.kind === 'object');

/** True when an object schema that may drop or refuse unknown keys (plain or strict) lies below this model (extras). */
export const hasClosedObjectBelow = below((m) => m.kind === 'object' && m.unknownKeys !== 'keep');

/** True for the schemas coercion may act on: list, number, boolean, enum. */
export function isCoercible(model: SchemaModel): boolean {
  return model.kind === 'array' || model.kind === 'number' || model.kind === 'boolean' || model.kind === 'enum';
}

/**
 * True when the root wants a scalar (string, number, boolean, enum/literal, or a
 * union of those): the whole text and its fenced/tagged parts are then candidates.
 *
 * @example
 * isScalarModel(schemaModel(z.enum(['POSITIVE', 'NEGATIVE']))) // true
 */
export function isScalarModel(model: SchemaModel): boolean {
  if (model.kind === 'union') return model.options.every(isScalarModel);
  return model.kind === 'string' || model.kind === 'number' || model.kind === 'boolean' || model.kind === 'enum';
}

/** True when a coercible schema (see {@link isCoercible}) lies below this model. */
export const hasCoercibleBelow = below(isCoercible);
