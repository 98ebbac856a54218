/**
 * The fast loader's only failure: it stops and hands the text to `yaml`.
 * A thrown marker keeps the single pass free of result plumbing; the entry
 * point catches it, so nothing escapes `loadYamlFast`.
 */
export class FastYamlBail {
  constructor(readonly reason: string) {}
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
 * Bail reasons that only structure `yaml` rejects as well can produce: an indent deeper than
 * its mapping's where a key is due, a plain scalar holding `: `, lines after a root collection
 * at a smaller indent. (Not `expected_key`: a plain line where a key is due may still be a key
 * whose value follows on a `: ` line.) The repair loop trusts these as refusals instead of
 * asking `yaml` to confirm a failure (its costliest call); a differential test holds the
 * claim against `yaml` on every fixture and generated text.
 */
export const YAML_REJECTS: ReadonlySet<string> = new Set(['bad_indent', 'nested_mapping', 'trailing_content']);
