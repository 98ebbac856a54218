/**
 * BAML's test schemas (`{ target, classes, enums, aliases }`, see shared/conformance/README.md)
 * as an Airlock contract: a Zod schema plus the normalization BAML's semantics need. Field
 * aliases become contract `aliases` (the text uses the alias as the key, the value keeps the
 * field's name); enum value aliases become `enumAliases`. BAML fills what the text leaves
 * out: a missing field whose type admits null is null, a missing list field is `[]`; a
 * `skip` field is always null. Recursive classes and aliases are built with `z.lazy`.
 */
import { z } from 'zod';
import type { Contract } from '../contract/contract.js';
import type { StreamSpec } from '../contract/normalization-spec.js';
import { defineContract } from '../contract/define-contract.js';
import { assertsOf, BamlUnsupported, type BamlAttribute } from './baml-asserts.js';

/** A BAML type reference. */
export interface BamlType {
  readonly type: string;
  readonly name?: string;
  readonly value?: unknown;
  readonly items?: BamlType;
  readonly key?: BamlType;
  readonly inner?: BamlType;
  readonly options?: readonly BamlType[];
  /** Streaming attributes of the type itself (`(A | B) @stream.done`). */
  readonly stream?: { readonly done?: boolean; readonly needed?: boolean };
}

export interface BamlField {
  readonly name: string;
  readonly type: BamlType;
  readonly alias?: string;
  readonly skip?: boolean;
  readonly attributes?: readonly BamlAttribute[];
}

export interface BamlClass {
  readonly fields: readonly BamlField[];
  readonly attributes?: readonly BamlAttribute[];
}

export interface BamlEnum {
  readonly values: readonly { readonly name: string; readonly alias?: string; readonly skip?: boolean }[];
  readonly attributes?: readonly BamlAttribute[];
}

export interface BamlSchema {
  readonly target: BamlType;
  readonly classes?: Readonly<Record<string, BamlClass>>;
  readonly enums?: Readonly<Record<string, BamlEnum>>;
  readonly aliases?: Readonly<Record<string, BamlType>>;
}

export { BamlUnsupported } from './baml-asserts.js';

type Schema = z.ZodType;

/** Adds BAML `@assert`s as refinements (a failed assert refuses the value, as in BAML). */
function withAsserts(schema: Schema, attributes: readonly BamlAttribute[] | undefined, label: string): Schema {
  let out = schema;
  for (const predicate of assertsOf(attributes)) out = out.refine(predicate, { message: `BAML @assert failed on ${label}` });
  return out;
}

/** One conversion: the named types built so far, and the aliases and enum aliases collected. */
class Converter {
  readonly built = new Map<string, Schema>();
  private readonly building = new Set<string>();
  readonly fieldAliases: Record<string, string[]> = {};
  readonly enumAliases: Record<string, string[]> = {};

  constructor(private readonly source: BamlSchema) {}

  /** A named class, enum or alias, built once; a reference back into one being built is lazy. */
  private named(kind: 'class' | 'enum' | 'alias', name: string, build: () => Schema): Schema {
    const key = `${kind}:${name}`;
    const done = this.built.get(key);
    if (done !== undefined) return done;
    if (this.building.has(key)) return z.lazy(() => this.built.get(key)!);
    this.building.add(key);
    const schema = build();
    this.building.delete(key);
    this.built.set(key, schema);
    return schema;
  }

  /** Follows alias types to the type they name (guarded against an alias of itself). */
  resolve(type: BamlType, depth = 0): BamlType {
    if (type.type !== 'alias' || depth > 32) return type;
    const target = this.source.aliases?.[type.name ?? ''];
    return target === undefined ? type : this.resolve(target, depth + 1);
  }

  /** True when BAML reads a missing field of this type as null. */
  admitsNull(type: BamlType, depth = 0): boolean {
    const t = this.resolve(type);
    if (t.type === 'optional' || t.type === 'null') return true;
    return t.type === 'union' && depth < 32 && (t.options ?? []).some((o) => this.admitsNull(o, depth + 1));
  }

  convert(type: BamlType): Schema {
    switch (type.type) {
      case 'string':
        return z.string();
      case 'int':
        // BAML ints are 64-bit: a value past 2^53 is still an integer (Zod's .int() stops at the safe range).
        return z.number().refine(Number.isInteger, 'Expected an integer');
      case 'float':
        return z.number();
      case 'bool':
        return z.boolean();
      case 'null':
        return z.null();
      case 'literal':
        return z.literal(type.value as string | number | boolean);
      case 'list':
        return z.array(this.convert(this.child(type.items, 'list items')));
      case 'map':
        return this.map(type);
      case 'optional':
        return this.convert(this.child(type.inner, 'optional inner')).nullable();
      case 'union': {
        const options = (type.options ?? []).map((o) => this.convert(o));
        if (options.length === 0) throw new BamlUnsupported('empty union');
        return options.length === 1 ? options[0]! : z.union(options as [Schema, Schema, ...Schema[]]);
      }
      case 'class':
        return this.named('class', type.name ?? '', () => this.classSchema(type.name ?? ''));
      case 'enum':
        return this.named('enum', type.name ?? '', () => this.enumSchema(type.name ?? ''));
      case 'alias': {
        const target = this.source.aliases?.[type.name ?? ''];
        if (target === undefined) throw new BamlUnsupported(`unknown alias ${type.name}`);
        return this.named('alias', type.name ?? '', () => this.convert(target));
      }
      default:
        throw new BamlUnsupported(`BAML type not modelled: ${type.type}`);
    }
  }

  private child(type: BamlType | undefined, what: string): BamlType {
    if (type === undefined) throw new BamlUnsupported(`${what} missing`);
    return type;
  }

  /** `map<string, V>` is a record; a key of enum or literals names optional keys (a partial record). */
  private map(type: BamlType): Schema {
    const value = this.convert(this.child(type.value as BamlType | undefined, 'map value'));
    const key = this.resolve(this.child(type.key, 'map key'));
    if (key.type === 'string') return z.record(z.string(), value);
    return z.partialRecord(this.convert(key) as z.ZodType<string>, value);
  }

  private classSchema(name: string): Schema {
    const definition = this.source.classes?.[name];
    if (definition === undefined) throw new BamlUnsupported(`unknown class ${name}`);
    const shape: Record<string, Schema> = {};
    for (const field of definition.fields) {
      shape[field.name] = this.fieldSchema(field, `${name}.${field.name}`);
      if (field.alias !== undefined && field.alias !== field.name) (this.fieldAliases[field.name] ??= []).push(field.alias);
    }
    return withAsserts(z.object(shape), definition.attributes, name);
  }

  private fieldSchema(field: BamlField, label: string): Schema {
    // A skipped field is not read from the text; BAML still reports it, as null.
    if (field.skip === true) return z.null().catch(null);
    const schema = withAsserts(this.convert(field.type), field.attributes, label);
    if (this.admitsNull(field.type)) return schema.default(null);
    if (this.resolve(field.type).type === 'list') return schema.default([]);
    return schema;
  }

  private enumSchema(name: string): Schema {
    const definition = this.source.enums?.[name];
    if (definition === undefined) throw new BamlUnsupported(`unknown enum ${name}`);
    const values = definition.values.filter((v) => v.skip !== true);
    if (values.length === 0) throw new BamlUnsupported(`enum ${name} has no values`);
    for (const v of values) if (v.alias !== undefined && v.alias !== v.name) (this.enumAliases[v.name] ??= []).push(v.alias);
    return withAsserts(z.enum(values.map((v) => v.name) as [string, ...string[]]), definition.attributes, name);
  }
}

/**
 * The contract a BAML test schema describes; throws {@link BamlUnsupported} for a type or an
 * assert expression it does not model. `stream`: the schema's streaming rules (baml-stream.ts),
 * for its streaming cases.
 *
 * @example
 * const contract = bamlContract({ target: { type: 'class', name: 'Foo' }, classes: { Foo: { fields: [{ name: 'signature', alias: 'function_signature', type: { type: 'string' } }] } } });
 * safeParse('{"function_signature": "f()"}', contract) // data: { signature: 'f()' }
 */
export function bamlContract(source: BamlSchema, name = 'baml', stream?: StreamSpec): Contract<unknown> {
  const converter = new Converter(source);
  const schema = converter.convert(source.target);
  // Field aliases are given by bare field name: the contract finds that key wherever the schema declares it.
  return defineContract({
    name,
    schema,
    ...(Object.keys(converter.fieldAliases).length > 0 && { aliases: converter.fieldAliases }),
    ...(Object.keys(converter.enumAliases).length > 0 && { enumAliases: converter.enumAliases }),
    ...(stream !== undefined && { stream }),
  });
}
