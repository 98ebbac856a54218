/**
 * The partial view of a contract, what a value still arriving is validated against: the same
 * Zod schema with every object field optional (a field still to come is not an error), no
 * object refinements and no length checks on lists (they judge a whole that is not there yet);
 * a discriminated union keeps its discriminator required, as an object cannot be told apart
 * without it. What is there is still checked: types, enums, string formats, number ranges. The
 * normalization spec is the contract's own, so aliases, synonyms and wrappers read as always.
 * A validator that is not Zod cannot be viewed partially: a partial value then waits for the
 * complete answer to be validated.
 */
import { z } from 'zod';
import { CONTRACT_BRAND, withFingerprint, type AnySchema, type Contract } from '../contract/contract.js';

interface ZodDef {
  readonly type?: string;
  readonly shape?: Record<string, unknown>;
  readonly catchall?: unknown;
  readonly element?: unknown;
  readonly valueType?: unknown;
  readonly options?: readonly unknown[];
  readonly discriminator?: string;
  readonly innerType?: unknown;
  readonly left?: unknown;
  readonly right?: unknown;
  readonly getter?: () => unknown;
}

interface ZodLike {
  readonly _zod: { readonly def: ZodDef; readonly optin?: string };
  clone(def: object): ZodLike;
  optional(): ZodLike;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
/** Deeper than this the schema is kept as it is (recursive schemas are viewed through `z.lazy`). */
const MAX_DEPTH = 64;

function isZod(schema: unknown): schema is ZodLike {
  return typeof schema === 'object' && schema !== null && typeof (schema as { _zod?: { def?: unknown } })._zod?.def === 'object' && typeof (schema as { clone?: unknown }).clone === 'function';
}

/** Views per schema object and per kept-required key (a discriminated union's options keep theirs). */
const views = new WeakMap<object, Map<string, { view: unknown }>>();

function viewed(schema: ZodLike, required: string, depth: number): unknown {
  let byKey = views.get(schema);
  if (byKey === undefined) views.set(schema, (byKey = new Map()));
  const cached = byKey.get(required);
  if (cached !== undefined) return cached.view;
  // A recursive schema reaches itself again while being viewed: it then gets a lazy reference.
  let built: unknown;
  const slot = { view: z.lazy(() => built as z.ZodType) as unknown };
  byKey.set(required, slot);
  built = build(schema, required, depth);
  slot.view = built;
  return built;
}

function partialOf(schema: unknown, depth: number, required = ''): unknown {
  if (!isZod(schema) || depth > MAX_DEPTH) return schema;
  return viewed(schema, required, depth);
}

function build(schema: ZodLike, required: string, depth: number): unknown {
  const def = schema._zod.def;
  const next = depth + 1;
  switch (def.type) {
    case 'object': {
      const shape: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const view = partialOf(field, next);
        shape[key] = key === required || !isZod(view) || view._zod.optin === 'optional' ? view : view.optional();
      }
      return schema.clone({ ...def, shape, ...(def.catchall !== undefined && { catchall: partialOf(def.catchall, next) }), checks: [] });
    }
    case 'array':
      return schema.clone({ ...def, element: partialOf(def.element, next), checks: [] });
    case 'record':
      return schema.clone({ ...def, valueType: partialOf(def.valueType, next) });
    case 'union':
      return schema.clone({ ...def, options: (def.options ?? []).map((option) => partialOf(option, next, def.discriminator ?? '')) });
    case 'intersection':
      return schema.clone({ ...def, left: partialOf(def.left, next), right: partialOf(def.right, next) });
    case 'lazy':
      return z.lazy(() => partialOf(def.getter?.(), next) as z.ZodType);
    default:
      return def.type !== undefined && WRAPPERS.has(def.type) ? schema.clone({ ...def, innerType: partialOf(def.innerType, next, required) }) : schema;
  }
}

/** A Standard Schema that takes any value: the view of a validator that cannot be read. */
const ACCEPT_ANY: AnySchema<unknown> = { '~standard': { version: 1, vendor: 'airlock-partial', validate: (value: unknown) => ({ value }) } };

/**
 * The partial view of a schema (see the file comment).
 *
 * @example
 * (partialSchema(z.object({ a: z.string(), b: z.number() })) as z.ZodType).safeParse({ a: 'x' }).success // true
 */
export function partialSchema(schema: AnySchema<unknown>): AnySchema<unknown> {
  try {
    return isZod(schema) ? (partialOf(schema, 0) as AnySchema<unknown>) : ACCEPT_ANY;
  } catch {
    // A schema Zod will not clone as viewed: partial values then wait for the complete answer.
    return ACCEPT_ANY;
  }
}

const contracts = new WeakMap<object, Contract<unknown>>();

/**
 * The contract a partial value is normalized and validated against: the partial view of the
 * schema, the contract's own normalization, no checks (they judge the complete value).
 *
 * @example
 * partialContract(contract).schema // the partial view of contract.schema
 */
export function partialContract(contract: Contract<unknown>): Contract<unknown> {
  let view = contracts.get(contract);
  if (view === undefined) {
    view = withFingerprint({
      kind: CONTRACT_BRAND,
      name: contract.name,
      schema: partialSchema(contract.schema),
      knownKeys: contract.knownKeys,
      tags: contract.tags,
      expect: contract.expect,
      normalization: contract.normalization,
      yamlHints: contract.yamlHints,
    });
    contracts.set(contract, view);
  }
  return view;
}
