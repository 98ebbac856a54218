/**
 * Intervention codes of partial parsing (a prefix of a streamed answer, see docs/streaming.md):
 * what a partial value holds that the text does not say yet, and what it leaves out until the
 * text does. The lenient JSON the partial reader accepts reuses the JSON repairer's codes
 * (`single_quoted_string`, `unquoted_key`, `trailing_comma`, …) and the scan's trims.
 */
import type { Category } from '../intervention-kinds.js';

export const PARTIAL_CODES = [
  'partial_string_kept',
  'partial_number_trimmed',
  'partial_literal_completed',
  'partial_value_dropped',
  'partial_structure_open',
  'partial_structure_dropped',
  'partial_string_withheld',
  'partial_atomic_withheld',
  'partial_start_withheld',
  'partial_field_pending',
] as const;
export type PartialCode = (typeof PARTIAL_CODES)[number];

/** Category and report sentence of each partial-parsing rule. */
export const PARTIAL_CODE_INFO: { readonly [K in PartialCode]: { readonly category: Category; readonly message: string } } = {
  partial_string_kept: { category: 'synthesized', message: 'Kept a string cut off at the end of the text as the part received so far (incomplete).' },
  partial_number_trimmed: { category: 'synthesized', message: 'Kept the complete part of a number cut off at the end of the text, as the partial options allow (-1.25e+ → -1.25).' },
  partial_literal_completed: { category: 'synthesized', message: 'Completed a literal cut off at the end of the text, as the partial options allow (t → true).' },
  partial_value_dropped: { category: 'dropped', message: 'Left out a value cut off at the end of the text: an unfinished number, literal or key is never guessed.' },
  partial_structure_open: { category: 'synthesized', message: 'Closed the objects and arrays still open at the end of the text (incomplete).' },
  partial_structure_dropped: { category: 'dropped', message: 'Left out an object or array still open at the end of the text: the partial options do not keep that kind.' },
  partial_string_withheld: { category: 'dropped', message: 'Withheld a string cut off at the end of the text where the contract wants a value the prefix cannot be yet (an enum, a literal, a number).' },
  partial_atomic_withheld: { category: 'dropped', message: 'Withheld a value the contract declares atomic until it is complete.' },
  partial_start_withheld: { category: 'dropped', message: 'Withheld an object until the fields the contract requires to start it are present.' },
  partial_field_pending: { category: 'synthesized', message: 'Filled null for a nullable field still to come.' },
};

const PARTIAL_CODE_SET: ReadonlySet<string> = new Set(PARTIAL_CODES);

/**
 * True for a code of this family: they describe a stream's progress, not a repair, so a repair
 * profile does not judge them (see judge-snapshot.ts).
 *
 * @example
 * isPartialCode('partial_string_kept') // true
 * isPartialCode('trailing_comma') // false
 */
export function isPartialCode(rule: string): rule is PartialCode {
  return PARTIAL_CODE_SET.has(rule);
}
