/**
 * BAML's streaming attributes as a contract's stream rules (`stream.atomic`,
 * `stream.requiredToStart`, see docs/streaming.md): `@stream.done` on a field or a type, and
 * `@@stream.done` on a class, make the place atomic; `@stream.not_null` on a field makes its
 * object wait for it. A union's places take what all its class branches share (atomic when
 * every branch is, the fields every branch waits for), since a place cannot say which branch
 * it holds. `@stream.with_state` fields are listed for the output view (baml-partial-view.ts).
 * Recursive classes are followed a few levels deep.
 */
import type { StreamSpec } from '../contract/normalization-spec.js';
import type { BamlClass, BamlSchema, BamlType } from './baml-schema.js';

/** How deep a recursive class is followed. */
const MAX_DEPTH = 6;

export interface BamlStreamRules {
  readonly stream: StreamSpec;
  /** Patterns of the `@stream.with_state` fields. */
  readonly withState: ReadonlySet<string>;
}

function has(attributes: BamlClass['attributes'], name: string): boolean {
  return (attributes ?? []).some((a) => a.name === name);
}

function join(pattern: string, key: string): string {
  return pattern === '' ? key : `${pattern}.${key}`;
}

class StreamWalk {
  readonly atomic = new Set<string>();
  readonly required = new Set<string>();
  readonly withState = new Set<string>();

  constructor(private readonly source: BamlSchema) {}

  private resolve(type: BamlType, depth = 0): BamlType {
    if (type.type !== 'alias' || depth > 32) return type;
    const target = this.source.aliases?.[type.name ?? ''];
    return target === undefined ? type : this.resolve(target, depth + 1);
  }

  walk(raw: BamlType, pattern: string, depth: number): void {
    if (depth > MAX_DEPTH) return;
    const type = this.resolve(raw);
    if (raw.stream?.done === true || type.stream?.done === true) this.atomic.add(pattern);
    switch (type.type) {
      case 'optional':
        if (type.inner !== undefined) this.walk(type.inner, pattern, depth);
        return;
      case 'list':
        if (type.items !== undefined) this.walk(type.items, `${pattern}[]`, depth + 1);
        return;
      case 'map':
        if (type.value !== undefined) this.walk(type.value as BamlType, join(pattern, '*'), depth + 1);
        return;
      case 'class':
        this.classAt(type.name ?? '', pattern, depth, true);
        return;
      case 'union':
        this.unionAt(type.options ?? [], pattern, depth);
        return;
      default:
        return;
    }
  }

  private unionAt(options: readonly BamlType[], pattern: string, depth: number): void {
    const resolved = options.map((o) => this.resolve(o)).filter((o) => o.type !== 'null');
    const classes = resolved.filter((o) => o.type === 'class').map((o) => this.source.classes?.[o.name ?? '']);
    const onlyClasses = classes.length === resolved.length && classes.length > 0 && classes.every((c) => c !== undefined);
    if (onlyClasses) {
      const defined = classes as BamlClass[];
      if (defined.every((c) => has(c.attributes, 'stream.done'))) this.atomic.add(pattern);
      const waits = defined.map((c) => new Set(c.fields.filter((f) => has(f.attributes, 'stream.not_null')).map((f) => f.name)));
      for (const name of waits[0] ?? []) if (waits.every((w) => w.has(name))) this.required.add(join(pattern, name));
    }
    for (const option of resolved) {
      if (option.type === 'class') this.classAt(option.name ?? '', pattern, depth, !onlyClasses || resolved.length === 1);
      else this.walk(option, pattern, depth);
    }
  }

  /** A class's fields at a place; `own`: the class alone holds the place, so its class-level rules apply. */
  private classAt(name: string, pattern: string, depth: number, own: boolean): void {
    const definition = this.source.classes?.[name];
    if (definition === undefined) return;
    if (own && has(definition.attributes, 'stream.done')) this.atomic.add(pattern);
    for (const field of definition.fields) {
      const place = join(pattern, field.name);
      if (has(field.attributes, 'stream.done')) this.atomic.add(place);
      if (own && has(field.attributes, 'stream.not_null')) this.required.add(place);
      if (has(field.attributes, 'stream.with_state')) this.withState.add(place);
      this.walk(field.type, place, depth + 1);
    }
  }
}

/**
 * The stream rules of a BAML schema.
 *
 * @example
 * bamlStreamRules({ target: { type: 'class', name: 'Bar' }, classes: { Bar: { fields: [{ name: 'foos', type: { type: 'list', items: { type: 'class', name: 'Foo' } } }] }, Foo: { fields: [], attributes: [{ name: 'stream.done' }] } } }).stream
 * // { atomic: ['foos[]'], requiredToStart: [] }
 */
export function bamlStreamRules(source: BamlSchema): BamlStreamRules {
  const walk = new StreamWalk(source);
  walk.walk(source.target, '', 0);
  return { stream: { atomic: [...walk.atomic], requiredToStart: [...walk.required] }, withState: walk.withState };
}
