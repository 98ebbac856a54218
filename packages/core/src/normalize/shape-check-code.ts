/**
 * The canonical-shape check as code generated per plan: one function per object or list
 * place of the schema. An object's keys, as `for…in` yields them, go through a `switch` of
 * its declared keys, each case judging the value inline (a type test, an enum compare, a
 * call for a nested place); an undeclared key is asked of its place once and remembered.
 * A clean artifact's check costs about half of the walk's (0.28 against 0.50 µs for the
 * bench's fenced answers), as Zod compiles its own object parsers for the same reason.
 *
 * It answers as the walk (canonical-walk.ts) does, and hands the walk every node it does
 * not cover: a list where an object is declared, a value not canonical at a glance (a
 * string at a number place), a place past the generated depth (a recursive schema is an
 * endless tree). A property test holds the two to the same answer.
 *
 * The source holds only the schema's keys and enum values, as JSON literals, and indices
 * into the closure's tables: never model text. Where a runtime forbids `new Function`
 * (a content security policy), the walk answers alone.
 */
import { coerceNode } from './coerce-by-schema.js';
import { canonicalAt, Leaf, undeclaredCanonical, type Place } from './canonical-walk.js';

/** Places deeper than this are left to the walk. */
const MAX_DEPTH = 12;
/** Functions per plan: a larger schema has its other places walked. */
const MAX_FUNCTIONS = 256;
/** Enum values compared inline, one `!==` each; a longer list is looked up in its set. */
const MAX_INLINE_VALUES = 8;

/** Whether a value is canonical at the plan's root (see shapeIsCanonical). */
export type ShapeCheck = (value: unknown) => boolean;

/** Compiles a function's parameter list and body (`Function` itself, or a stand-in in tests). */
export type CodeFactory = (...parameterNamesAndBody: string[]) => (...args: unknown[]) => unknown;

/** Whether a value can be written as a literal that `!==` compares as `Set.prototype.has` does. */
function isInlineLiteral(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || value === null || (typeof value === 'number' && Number.isFinite(value));
}

/** Writes the functions of one plan's places, with the tables their code refers to. */
class CheckWriter {
  readonly places: Place[] = [];
  readonly functions: string[] = [];
  private readonly refs = new Map<Place, string>();

  /** The place as `P[i]`, an entry of the closure's table (for the walk and coercion). */
  ref(place: Place): string {
    let ref = this.refs.get(place);
    if (ref === undefined) {
      ref = `P[${this.places.length}]`;
      this.places.push(place);
      this.refs.set(place, ref);
    }
    return ref;
  }

  /** The function judging an object or list at `place` (a node at depth `d`), or undefined where the walk judges it. */
  functionFor(place: Place, depth: number): string | undefined {
    if (depth > MAX_DEPTH || this.functions.length >= MAX_FUNCTIONS) return undefined;
    const { model } = place;
    if (model.kind !== 'object' && !(model.kind === 'array' && !place.aliases && !place.extras)) return undefined;
    const index = this.functions.length;
    const name = `f${index}`;
    // Reserved before the children's functions are written: they are pushed first.
    this.functions.push('');
    const body = model.kind === 'object' ? this.objectBody(place, model.shape.keys(), depth) : this.listBody(place, depth);
    this.functions[index] = `function ${name}(o, d) {\n  let v;\n${body.map((line) => `  ${line}\n`).join('')}}`;
    return name;
  }

  /** The node's own check where coercion visits the place (it may turn the node into another value). */
  private coerced(place: Place): string[] {
    const at = this.ref(place);
    return place.coerces ? [`if (coerce(o, ${at}.model, ${at}.synonyms) !== null) return false;`] : [];
  }

  /**
   * An object: each key `for…in` yields (the own keys, then enumerable inherited ones, as the
   * walk reads them) judged at its place, a declared one inline, an undeclared one by a call.
   */
  private objectBody(place: Place, declared: Iterable<string>, depth: number): string[] {
    const at = this.ref(place);
    const lines = [`if (Array.isArray(o)) return walk(o, ${at}, d);`, ...this.coerced(place), 'for (const k in o) {', '  v = o[k];', '  switch (k) {'];
    for (const key of declared) {
      const check = place.descends ? this.childCheck(place.fieldPlace(key), depth + 1) : '';
      lines.push(`    case ${JSON.stringify(key)}:${check} break;`);
    }
    lines.push(`    default: if (!other(${at}, k, v, d)) return false;`, '  }', '}', 'return true;');
    return lines;
  }

  /** A list: each element judged at the element place. A single object standing for element 0 goes to the walk. */
  private listBody(place: Place, depth: number): string[] {
    const lines = [`if (!Array.isArray(o)) return walk(o, ${this.ref(place)}, d);`, ...this.coerced(place)];
    const element = place.elementPlace();
    if (place.descends && (element.visits || element.descends)) {
      lines.push(`for (let i = 0; i < o.length; i++) {`, `  v = o[i];${this.childCheck(element, depth + 1)}`, '}');
    }
    lines.push('return true;');
    return lines;
  }

  /** Statements judging `v` at a child place, at depth `d + 1`: the walk's leaf tests, then its call. */
  private childCheck(child: Place, depth: number): string {
    const walked = `walk(v, ${this.ref(child)}, d + 1)`;
    switch (child.leaf) {
      case Leaf.SKIP:
        return '';
      case Leaf.NOT_STRING:
        return ` if (typeof v === "string" && !${walked}) return false;`;
      case Leaf.ENUM:
        return ` if (${this.notInEnum(child)} && !${walked}) return false;`;
      default:
        break;
    }
    const isObject = 'typeof v === "object" && v !== null';
    const judged = this.functionFor(child, depth);
    // The walk's `Place.matters`: a visited place judges every value, an entered one only objects.
    if (judged === undefined) return child.visits ? ` if (!${walked}) return false;` : ` if (${isObject} && !${walked}) return false;`;
    return child.visits ? ` if (${isObject} ? !${judged}(v, d + 1) : !${walked}) return false;` : ` if (${isObject} && !${judged}(v, d + 1)) return false;`;
  }

  /** True code when `v` is not one of the enum place's values. */
  private notInEnum(child: Place): string {
    const values = child.model.kind === 'enum' ? child.model.values : [];
    if (values.length > 0 && values.length <= MAX_INLINE_VALUES && values.every(isInlineLiteral)) {
      return `(${values.map((value) => `v !== ${JSON.stringify(value)}`).join(' && ')})`;
    }
    return `!${this.ref(child)}.enumValues.has(v)`;
  }
}

/**
 * The generated check for the plan whose root place this is (a place some stage visits or
 * enters), or undefined where the walk must answer alone: the root is not an object or a
 * list, or code cannot be compiled.
 *
 * @example
 * const check = compileShapeCheck(rootPlace(plan), Function as unknown as CodeFactory);
 * check?.({ title: 'x', count: 3 }) // true
 */
export function compileShapeCheck(root: Place, factory: CodeFactory): ShapeCheck | undefined {
  const writer = new CheckWriter();
  const entry = writer.functionFor(root, 0);
  if (entry === undefined) return undefined;
  const source = `${writer.functions.join('\n')}\nreturn ${entry};`;
  let judge: (value: object, depth: number) => boolean;
  try {
    judge = factory('P', 'walk', 'coerce', 'other', source)(writer.places, canonicalAt, coerceNode, undeclaredCanonical) as typeof judge;
  } catch {
    return undefined;
  }
  return (value) => (typeof value === 'object' && value !== null ? judge(value, 0) : !root.visits || canonicalAt(value, root, 0));
}
