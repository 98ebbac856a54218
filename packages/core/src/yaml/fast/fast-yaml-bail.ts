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
