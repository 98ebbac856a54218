/**
 * Intervention codes of the YAML path: one per structural repair rule of the
 * output-normalization seed (numbered as there), plus the vote wrapper
 * indentation repair. Transport cleanups reuse the scan family's
 * `trailing_noise_trimmed` / `orphan_fence_trimmed`.
 */
export const YAML_CODES = [
  'yaml_nested_mapping_children', // 1
  'yaml_inline_sequence_parent', // 2
  'yaml_colon_space_inserted', // 3
  'yaml_inline_keys_split', // 4
  'yaml_plain_scalar_colon_quoted', // 5
  'yaml_list_primary_key', // 6
  'yaml_stray_fence_stripped', // 7
  'yaml_xml_tag_line_stripped', // 8
  'yaml_free_text_scalar', // 9
  'yaml_dash_space_inserted', // 10
  'yaml_duplicate_key_removed', // 11
  'yaml_invalid_escape_doubled', // 12
  'yaml_inner_quotes_escaped', // 13
  'yaml_unclosed_quote_closed', // 14
  'yaml_quoted_fragment', // 15
  'yaml_type_union_quoted', // 16
  'yaml_reserved_indicator_quoted', // 17
  'yaml_sequence_indent_drift', // 18
  'yaml_sibling_indent', // 19
  'yaml_wrapper_indentation', // a wrapper key's body indented one level too shallow
  'yaml_wrapped_scalar_indented', // a list scalar wrapped onto the next line
  'yaml_list_scalar_folded', // a list scalar needing quotes, wrapped onto deeper lines
  'yaml_doubled_quotes', // ''text'' around a scalar
  'yaml_block_scalar_indented', // a block scalar body left unindented before sibling keys
  'yaml_cut_entry_dropped', // the last list entry of an output cut off mid-entry
] as const;
export type YamlCode = (typeof YAML_CODES)[number];

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
