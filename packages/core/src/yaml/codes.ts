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
  'yaml_flow_text_quoted', // `[nit] rename it`: a bracketed word opening a plain scalar
] as const;
export type YamlCode = (typeof YAML_CODES)[number];

