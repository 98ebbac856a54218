/**
 * The keys a structural YAML repair moved (re-indented, split, nested): the extras policy
 * refuses to strip them, since the repair may have put them in the wrong place.
 */
import type { YamlCode } from './codes.js';

/**
 * Repairs that change which mapping a line belongs to (re-indent, split, nest): a key on a
 * line they touched may have landed in the wrong place, so normalization never strips it.
 */
export const MOVING_YAML_CODES: ReadonlySet<string> = new Set<YamlCode>([
  'yaml_nested_mapping_children',
  'yaml_inline_sequence_parent',
  'yaml_inline_keys_split',
  'yaml_list_primary_key',
  'yaml_free_text_scalar',
  'yaml_sequence_indent_drift',
  'yaml_sibling_indent',
  'yaml_wrapper_indentation',
  'yaml_block_scalar_indented',
]);

/** A mapping key at the start of a line (after indentation and list dashes). */
const LINE_KEY = /^[ \t]*(?:-[ \t]+)*["']?([A-Za-z_$][\w$.-]*)["']?:(?=[ \t]|$)/gm;

/**
 * The keys on the lines moving repairs touched, read from each intervention's `before` text.
 *
 * @example
 * movedKeys([{ rule: 'yaml_sibling_indent', before: '   phase: foundation', … }]) // Set { 'phase' }
 */
export function movedKeys(interventions: readonly { readonly rule: string; readonly before?: string }[]): ReadonlySet<string> | undefined {
  let keys: Set<string> | undefined;
  for (const i of interventions) {
    if (!MOVING_YAML_CODES.has(i.rule) || i.before === undefined) continue;
    keys ??= new Set();
    for (const match of i.before.matchAll(LINE_KEY)) keys.add(match[1]!);
  }
  return keys;
}
