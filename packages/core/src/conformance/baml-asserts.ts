/**
 * BAML's `@assert` attributes as predicates. BAML writes them as Jinja expressions over
 * `this`; the corpus uses a handful of shapes (`this < 10`, `this|length > 0`,
 * `this.foo > 0`, a constant), which are read here. Any other expression is reported as
 * unsupported, so its case is left out of the score rather than half-modelled. `@check`
 * attributes never fail a parse in BAML (they only annotate the value), so they are ignored.
 */

/** One attribute of a BAML field, class or enum (`{ name: 'assert', args: [label, expr] }`). */
export interface BamlAttribute {
  readonly name: string;
  readonly args?: readonly unknown[];
}

/** Thrown when a BAML schema uses something this converter does not model. */
export class BamlUnsupported extends Error {}

const COMPARISON = /^this((?:\.\w+)*)(\|length)?\s*(<=|>=|==|!=|<|>)\s*(-?\d+(?:\.\d+)?|"[^"]*")$/;

function compare(left: unknown, op: string, right: number | string): boolean {
  switch (op) {
    case '==':
      return left === right;
    case '!=':
      return left !== right;
    default: {
      if (typeof left !== 'number' || typeof right !== 'number') return false;
      if (op === '<') return left < right;
      if (op === '<=') return left <= right;
      if (op === '>') return left > right;
      return left >= right;
    }
  }
}

function lengthOf(value: unknown): unknown {
  if (typeof value === 'string' || Array.isArray(value)) return value.length;
  return value !== null && typeof value === 'object' ? Object.keys(value).length : undefined;
}

/**
 * The predicate of one `{{ … }}` assert expression.
 *
 * @example
 * assertPredicate('{{this|length > 0}}')('') // false
 * assertPredicate('{{ this.foo > 0 }}')({ foo: 1 }) // true
 */
export function assertPredicate(expression: string): (value: unknown) => boolean {
  const body = /^\{\{\s*([\s\S]*?)\s*\}\}$/.exec(expression.trim())?.[1];
  if (body === 'true' || body === 'false') return () => body === 'true';
  const match = body === undefined ? null : COMPARISON.exec(body);
  if (match === null) throw new BamlUnsupported(`assert expression not modelled: ${expression}`);
  const [, path = '', length, op = '==', literal = ''] = match;
  const keys = path.split('.').filter((k) => k !== '');
  const right = literal.startsWith('"') ? literal.slice(1, -1) : Number(literal);
  return (value) => {
    let current = value;
    for (const key of keys) current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
    return compare(length === undefined ? current : lengthOf(current), op, right);
  };
}

/**
 * The predicates of the `@assert` attributes in a list (`@check` and `@stream.*` are not
 * failures in BAML and yield none).
 *
 * @example
 * assertsOf([{ name: 'assert', args: ['nonnegative', '{{this >= 0}}'] }]).length // 1
 */
export function assertsOf(attributes: readonly BamlAttribute[] | undefined): ((value: unknown) => boolean)[] {
  return (attributes ?? [])
    .filter((a) => a.name === 'assert')
    .map((a) => {
      const expression = a.args?.[a.args.length - 1];
      if (typeof expression !== 'string') throw new BamlUnsupported('assert without an expression');
      return assertPredicate(expression);
    });
}
