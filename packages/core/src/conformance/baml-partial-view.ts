/**
 * A partial result in BAML's streamed output form, to compare with its streaming cases: BAML's
 * partial types make every class field nullable, so a field the value does not hold yet reads
 * as null (an empty list or map for a list or map field); with `output: "serialize_partial"` a `@stream.with_state` field reads as
 * `{ value, state }`, its state taken from the result's path states (`Complete`, `Incomplete`,
 * `Pending` for a field still to come). A union of classes takes the branch whose fields hold
 * the value's keys.
 */
import { isPlainObject, setOwn, type PlainObject } from '../normalize/value-tree.js';
import { pathState, type PartialParseResult } from '../partial/partial-result.js';
import type { ValuePath } from '../types.js';
import type { BamlClass, BamlSchema, BamlType } from './baml-schema.js';

const STATE_NAMES = { complete: 'Complete', incomplete: 'Incomplete', missing: 'Pending' } as const;
const MAX_DEPTH = 64;

class PartialView {
  constructor(
    private readonly source: BamlSchema,
    private readonly result: PartialParseResult<unknown>,
    private readonly withState: ReadonlySet<string> | undefined,
  ) {}

  private resolve(type: BamlType, depth = 0): BamlType {
    if (type.type !== 'alias' || depth > 32) return type;
    const target = this.source.aliases?.[type.name ?? ''];
    return target === undefined ? type : this.resolve(target, depth + 1);
  }

  /** The class of a union that holds the most of an object's keys (the first on a tie). */
  private branchOf(options: readonly BamlType[], value: PlainObject): BamlClass | undefined {
    let best: BamlClass | undefined;
    let score = -1;
    for (const option of options.map((o) => this.resolve(o))) {
      const definition = option.type === 'class' ? this.source.classes?.[option.name ?? ''] : undefined;
      if (definition === undefined) continue;
      const names = new Set(definition.fields.map((f) => f.name));
      const held = Object.keys(value).filter((k) => names.has(k)).length;
      if (held > score) [best, score] = [definition, held];
    }
    return best;
  }

  view(raw: BamlType, value: unknown, path: ValuePath, pattern: string, depth: number): unknown {
    const type = this.resolve(raw);
    if (depth > MAX_DEPTH || value === null || value === undefined) return value ?? null;
    if (type.type === 'optional' && type.inner !== undefined) return this.view(type.inner, value, path, pattern, depth + 1);
    if (type.type === 'list' && Array.isArray(value) && type.items !== undefined) return value.map((v, i) => this.view(type.items!, v, [...path, i], `${pattern}[]`, depth + 1));
    if (!isPlainObject(value)) return value;
    if (type.type === 'map' && type.value !== undefined) {
      const out: PlainObject = {};
      for (const [k, v] of Object.entries(value)) setOwn(out, k, this.view(type.value as BamlType, v, [...path, k], pattern === '' ? '*' : `${pattern}.*`, depth + 1));
      return out;
    }
    const definition = type.type === 'class' ? this.source.classes?.[type.name ?? ''] : type.type === 'union' ? this.branchOf(type.options ?? [], value) : undefined;
    return definition === undefined ? value : this.classView(definition, value, path, pattern, depth);
  }

  /** A field the value does not hold yet: an empty list or map, null for anything else (BAML's in-progress defaults). */
  private missing(type: BamlType): unknown {
    const resolved = this.resolve(type);
    return resolved.type === 'list' ? [] : resolved.type === 'map' ? {} : null;
  }

  private classView(definition: BamlClass, value: PlainObject, path: ValuePath, pattern: string, depth: number): PlainObject {
    const out: PlainObject = {};
    for (const field of definition.fields) {
      const place = pattern === '' ? field.name : `${pattern}.${field.name}`;
      const at = [...path, field.name];
      const shown = Object.hasOwn(value, field.name) ? this.view(field.type, value[field.name], at, place, depth + 1) : this.missing(field.type);
      setOwn(out, field.name, this.withState?.has(place) === true ? { value: shown, state: STATE_NAMES[pathState(this.result, at) ?? 'missing'] } : shown);
    }
    return out;
  }
}

/**
 * The result's value as BAML streams it (see the file comment); `withState` only under
 * `serialize_partial`.
 *
 * @example
 * bamlPartialView(schema, safeParse('{"name": "Le', contract, { partial: true }), undefined) // { name: 'Le', email: null }
 */
export function bamlPartialView(source: BamlSchema, result: PartialParseResult<unknown>, withState: ReadonlySet<string> | undefined): unknown {
  return result.success ? new PartialView(source, result, withState).view(source.target, result.data, [], '', 0) : undefined;
}
