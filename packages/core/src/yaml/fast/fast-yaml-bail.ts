/**
 * The fast loader's only failure: it stops and hands the text to `yaml`.
 * A thrown marker keeps the single pass free of result plumbing; the entry
 * point catches it, so nothing escapes `loadYamlFast`.
 */
export class FastYamlBail {
  constructor(
    readonly reason: string,
    /** For a worded refusal (see `fastYamlRefuse`): `yaml`'s own first error message. */
    readonly message?: string,
    /** For a worded refusal: the 0-based line of that error. */
    readonly line?: number,
  ) {}
}

/**
 * Aborts the fast load with a short reason code.
 *
 * @example
 * if (ch === '&') fastYamlBail('anchor');
 */
export function fastYamlBail(reason: string): never {
  throw new FastYamlBail(reason);
}

/**
 * Aborts the fast load with a worded refusal: the text is not YAML, and `yaml`'s first error
 * would be `message` on 0-based line `line`, so no caller needs to ask `yaml` at all (a full
 * parse of a large broken text is the costliest call Airlock makes). Only for errors that
 * every text reaching them has: the fast loader has read everything before them as valid
 * YAML, and a differential test (`yaml-rejects.property.test.ts`) holds the wording and line
 * against `yaml` itself.
 *
 * @example
 * if (c === 0x09) fastYamlRefuse('tab_indent', 'Tabs are not allowed as indentation', i);
 */
export function fastYamlRefuse(reason: string, message: string, line: number): never {
  throw new FastYamlBail(reason, message, line);
}

/**
 * Bail reasons that only structure `yaml` rejects as well can produce: an indent deeper than
 * its mapping's where a key is due, a plain line where a key is due (no `: ` line after it),
 * a plain scalar holding `: `, lines after a root block collection, a line holding `: ` after
 * a root plain scalar (prose before YAML), content after a closed quoted scalar or flow
 * collection on its line (unless a `:` makes it a key), a one-line value opening with a
 * reserved `@` or backtick, a flow collection or quoted value that never closes where it must, a
 * tab-led line where a line of a collection is due, a key line continuing a plain scalar. The repair loop trusts these as refusals instead of
 * asking `yaml` to confirm a failure (its costliest call); a differential test holds the
 * claim against `yaml` on every fixture and generated text.
 */
export const YAML_REJECTS: ReadonlySet<string> = new Set([
  'bad_indent',
  'expected_key',
  'line_trailing_content',
  'nested_mapping',
  'plain_continuation_key',
  'reserved_indicator',
  'tab_content',
  'trailing_content',
  'trailing_after_prose',
  'unclosed_node',
]);

/**
 * True for a character that may open a node the fast loader does not read but `yaml` may
 * accept: an explicit `?` key or `: ` value, a flow collection, an anchor, a tag, an alias,
 * a block scalar header. A line opening with one never makes a bail a trusted refusal.
 *
 * @example
 * opensUnreadNode('? key'.charCodeAt(0)) // true
 */
export function opensUnreadNode(c: number): boolean {
  return c === 0x3a || c === 0x3f || c === 0x5b || c === 0x7b || c === 0x26 || c === 0x21 || c === 0x2a || c === 0x7c || c === 0x3e;
}
