/**
 * A cheap linear guard run before `yaml` sees a text. `yaml` composes nested
 * nodes recursively; on pathological nesting V8 can die while compiling a
 * regular expression near the stack limit (a fatal error no try/catch can
 * stop), so such texts never reach it.
 */

/** Flow nesting (`[`/`{`) deeper than this is refused. */
export const MAX_YAML_FLOW_DEPTH = 1000;
/** A line whose indentation plus compact `- ` / `? ` indicators is longer than this is refused. */
export const MAX_YAML_INDENT = 4000;

/**
 * True when the text nests deeper than `yaml` can safely load. Counts brackets
 * even inside scalars, so it can only over-estimate; the limits are far above
 * anything an agent emits.
 *
 * @example
 * exceedsYamlDepth('['.repeat(20_000)) // true
 * exceedsYamlDepth('a:\n  b: [1, 2]') // false
 */
export function exceedsYamlDepth(text: string): boolean {
  let depth = 0;
  let lineIndent = 0;
  let inIndent = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      inIndent = true;
      lineIndent = 0;
      continue;
    }
    if (inIndent) {
      // Spaces, and `-`/`?` indicators followed by a space, all open a nesting level.
      if (c === 32 || ((c === 45 || c === 63) && text.charCodeAt(i + 1) === 32)) {
        if (++lineIndent > MAX_YAML_INDENT) return true;
        continue;
      }
      inIndent = false;
    }
    if (c === 91 || c === 123) {
      if (++depth > MAX_YAML_FLOW_DEPTH) return true;
    } else if ((c === 93 || c === 125) && depth > 0) depth--;
  }
  return false;
}
