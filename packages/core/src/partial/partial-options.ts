/**
 * The options of partial parsing: which kinds of value cut off at the end of the text a partial
 * value keeps. The defaults keep what can be shown without guessing (a string's prefix, the
 * complete members of an open array or object) and leave out what a prefix cannot be read as
 * yet (`tru` is not `true`, `-1.25e+` is not a number).
 */

/** A kind of value that can be cut off at the end of the text. */
export type IncompleteKind = 'string' | 'number' | 'boolean' | 'null' | 'array' | 'object';

export interface PartialOptions {
  /**
   * The kinds of cut-off value the partial value keeps (default `['string', 'array', 'object']`):
   * a string as the part received, an array or object with its complete members, a number as its
   * longest whole prefix (`-1.25e+` → -1.25), a literal completed (`t` → true, `n` → null). A kind
   * left out stays out of the value until it is complete (an open array or object then takes its
   * parent's open member with it).
   */
  readonly keep?: readonly IncompleteKind[];
}

/** What the partial value keeps by default: nothing it would have to guess. */
export const DEFAULT_KEEP: readonly IncompleteKind[] = ['string', 'array', 'object'];

/** Every kind: what a parser that completes everything keeps (partial-json-parser's default). */
export const KEEP_ALL: readonly IncompleteKind[] = ['string', 'number', 'boolean', 'null', 'array', 'object'];
