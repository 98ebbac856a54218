/**
 * The interventions of partial parsing, worded by their code table (codes.ts). Apart from the
 * table, which takes only the stage and category words (see intervention-codes.ts).
 */
import type { Intervention } from '../types.js';
import { PARTIAL_CODE_INFO, type PartialCode } from './codes.js';

/**
 * One intervention of this family, worded by the table, at a span of the text (parse stage) or
 * a path of the value (normalize stage).
 *
 * @example
 * partialChange('partial_value_dropped', { span: [9, 12], before: 'tru', after: '' })
 */
export function partialChange(rule: PartialCode, where: { span?: readonly [number, number]; path?: (string | number)[]; before?: string; after?: string }): Intervention {
  const info = PARTIAL_CODE_INFO[rule];
  const change: Intervention = { rule, stage: where.path === undefined ? 'parse' : 'normalize', category: info.category, message: info.message };
  if (where.span !== undefined) change.span = where.span;
  if (where.path !== undefined) change.path = where.path;
  if (where.before !== undefined) change.before = where.before;
  if (where.after !== undefined) change.after = where.after;
  return change;
}
