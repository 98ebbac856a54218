/**
 * A cheap linear guard run before `yaml` sees a text. `yaml` composes nested
 * nodes recursively: past some hundreds of levels it runs out of stack, and
 * where depends on the thread (a worker's stack is larger than the main
 * thread's), so the same record would load on one thread and fail on another;
 * near the limit V8 can even die compiling a regular expression (a fatal error
 * no try/catch stops). Texts that may nest deeper than the bound never reach it.
 */

/**
 * Deepest nesting `yaml` is ever given, whatever `maxDepth` says: a quarter of the
 * depth where its composer first overflows a main thread's default stack (flow
 * collections, ~900 levels), so the verdict is the same on every thread.
 */
export const YAML_SAFE_DEPTH = 256;

/**
 * An upper bound of the nesting depth of a YAML text at its deepest line: the
 * indentation levels open on that line (a stack of increasing columns), the compact
 * `- ` / `? ` indicators after its indentation, and the flow brackets (`[`, `{`)
 * open on it. Brackets count even inside scalars, so it can only over-estimate.
 */
function depthBound(text: string, limit: number): boolean {
  const columns: number[] = [];
  let flow = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    let indent = 0;
    while (i < n && text.charCodeAt(i) === 32) {
      indent++;
      i++;
    }
    let indicators = 0;
    while (i < n && (text.charCodeAt(i) === 45 || text.charCodeAt(i) === 63) && text.charCodeAt(i + 1) === 32) {
      indicators++;
      i += 2;
      while (i < n && text.charCodeAt(i) === 32) i++;
    }
    const blank = i >= n || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13;
    if (!blank) {
      while (columns.length > 0 && columns[columns.length - 1]! >= indent) columns.pop();
      columns.push(indent);
    }
    let deepest = flow;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) break;
      if (c === 91 || c === 123) deepest = Math.max(deepest, ++flow);
      else if ((c === 93 || c === 125) && flow > 0) flow--;
    }
    i++;
    if (columns.length + indicators + deepest > limit) return true;
  }
  return false;
}

/**
 * True when the text may nest deeper than `maxDepth` or than {@link YAML_SAFE_DEPTH}.
 * Linear; the bound is far above anything an agent emits.
 *
 * @example
 * exceedsYamlDepth('['.repeat(20_000)) // true
 * exceedsYamlDepth('a:\n  b: [1, 2]') // false
 * exceedsYamlDepth('a:\n  b: [1, 2]', 2) // true (three levels)
 */
export function exceedsYamlDepth(text: string, maxDepth: number = YAML_SAFE_DEPTH): boolean {
  return depthBound(text, Math.min(maxDepth, YAML_SAFE_DEPTH));
}
