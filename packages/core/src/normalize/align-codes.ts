/**
 * Intervention codes of schema-aligned parsing: reading the text and the
 * parsed value the way the contract wants (scalar roots, the enum matching
 * ladder, implied structure, unions by cost). One code per step, so a repair
 * profile can forbid the loose ones (`deny: ['enum_mention_found']` or the
 * whole `coercion` category).
 */
import type { Category, Stage } from '../intervention-kinds.js';

export const ALIGN_CODES = [
  'scalar_quotes_removed',
  'enum_punctuation_ignored',
  'enum_accent_folded',
  'enum_alias_matched',
  'enum_mention_found',
  'number_text_parsed',
  'number_mentioned',
  'boolean_mentioned',
  'boolean_from_yes_no',
  'scalar_to_string',
  'object_from_scalar',
  'object_wrapped_in_field',
  'object_from_single_array',
  'scalar_from_single_array',
  'enum_from_list',
  'scalar_from_object',
  'json_string_parsed',
  'null_optional_removed',
  'null_filled',
  'union_branch_chosen',
] as const;
export type AlignCode = (typeof ALIGN_CODES)[number];

/** Stage, category and report sentence of each code (`{where}` is the value path). */
export const ALIGN_CODE_INFO: { readonly [K in AlignCode]: { readonly stage: Stage; readonly category: Category; readonly message: string } } = {
  scalar_quotes_removed: { stage: 'parse', category: 'cleanup', message: 'Removed quotes around the whole scalar answer.' },
  enum_punctuation_ignored: { stage: 'normalize', category: 'cleanup', message: 'Matched an allowed value at {where} ignoring case, punctuation and spacing.' },
  enum_accent_folded: { stage: 'normalize', category: 'cleanup', message: 'Matched an allowed value at {where} ignoring accents.' },
  enum_alias_matched: { stage: 'normalize', category: 'coercion', message: 'Mapped a declared alias at {where} to its value.' },
  enum_mention_found: { stage: 'normalize', category: 'coercion', message: 'Found the one allowed value mentioned in the text at {where}.' },
  number_text_parsed: { stage: 'normalize', category: 'coercion', message: 'Read a number written with separators, a currency or a unit at {where}.' },
  number_mentioned: { stage: 'normalize', category: 'coercion', message: 'Took the only number mentioned in the text at {where}.' },
  boolean_mentioned: { stage: 'normalize', category: 'coercion', message: 'Took the only true/false word mentioned in the text at {where}.' },
  boolean_from_yes_no: { stage: 'normalize', category: 'coercion', message: 'Read a whole answer "yes" or "no" as the boolean wanted at {where}.' },
  scalar_to_string: { stage: 'normalize', category: 'coercion', message: 'Wrote a number or boolean at {where} as the string the contract wants.' },
  object_from_scalar: { stage: 'normalize', category: 'coercion', message: 'Made the object at {where} from a single value: the only required field.' },
  object_wrapped_in_field: { stage: 'normalize', category: 'coercion', message: 'Put the object at {where} into the only required field: it has none of the keys declared there.' },
  object_from_single_array: { stage: 'normalize', category: 'coercion', message: 'Took the only element of a one-item list where an object is wanted at {where}.' },
  scalar_from_single_array: { stage: 'normalize', category: 'coercion', message: 'Took the only element of a one-item list where a single value is wanted at {where}.' },
  enum_from_list: { stage: 'normalize', category: 'coercion', message: 'Took the only allowed value in a list where one value is wanted at {where}.' },
  scalar_from_object: { stage: 'normalize', category: 'coercion', message: 'Took the value of a one-key object where a single value is wanted at {where}.' },
  json_string_parsed: { stage: 'normalize', category: 'parser_fix', message: 'Parsed JSON held in a string where a structure is wanted at {where}.' },
  null_optional_removed: { stage: 'normalize', category: 'cleanup', message: 'Removed null at {where}: the field is optional, not nullable.' },
  null_filled: { stage: 'normalize', category: 'cleanup', message: 'Filled the missing nullable field {where} with null.' },
  union_branch_chosen: { stage: 'normalize', category: 'cleanup', message: 'Chose the cheapest union branch that validates at {where}.' },
};
