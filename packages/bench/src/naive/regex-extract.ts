/**
 * The extractor a team writes in an afternoon: two regular expressions, one
 * for ``` fences and one for <TAG> blocks. It is the scanner suite's
 * baseline and the first step of the naive pipeline.
 */

/** A block the regexes found. */
export interface Extracted {
  kind: 'fence' | 'tag';
  /** Fence info string or tag name. */
  info: string;
  body: string;
}

const FENCE = /```([^\n`]*)\n([\s\S]*?)```/g;
const TAG = /<([A-Za-z_][\w.:-]{0,63})>([\s\S]*?)<\/\1>/g;

/**
 * All fenced and tagged blocks, fences first.
 *
 * @example
 * regexExtract('x\n```json\n{"a":1}\n```') // [{ kind: 'fence', info: 'json', body: '{"a":1}\n' }]
 */
export function regexExtract(text: string): Extracted[] {
  const out: Extracted[] = [];
  for (const m of text.matchAll(FENCE)) out.push({ kind: 'fence', info: m[1]!.trim(), body: m[2]! });
  for (const m of text.matchAll(TAG)) out.push({ kind: 'tag', info: m[1]!, body: m[2]! });
  return out;
}
