/**
 * Whether reading the whole text as YAML could find data its one artifact (a fence or a tag) did
 * not hold. The whole text is that artifact with the lines around it; when those lines are
 * prose, fence lines and markup, its repair reads the artifact's body again behind them and
 * either refuses the prose (a syntax failure) or keeps it as keys the contract does not know.
 * Where the artifact's own reading failed (the contract refused its value, or its body did not
 * parse), the whole text's fails too, and it is the costliest attempt of the repair pass (every
 * structural group runs over the whole text: about 0.15–0.3 ms on a 2–4 KB answer).
 */
import type { Contract } from '../contract/contract.js';
import { ARTIFACT_SOURCES, type Candidate } from '../scan/candidate.js';
import { candidateFormat } from './parse-candidate.js';
import { wantsScalar } from './try-candidate.js';

/**
 * Characters that may open YAML data at a line's start: an indented continuation (space, tab),
 * a list item, a comment, a flow collection, a quoted key or scalar, a block scalar, an anchor,
 * an alias, a tag or a document marker.
 */
const DATA_START = new Set([' ', '\t', '-', '#', '{', '[', '"', "'", '|', '>', '&', '*', '!', '%', '?', ':']);

/** True when the line `[start, end)` begins with one of the contract's keys and its colon. */
function opensKnownKey(text: string, start: number, end: number, knownKeys: readonly string[]): boolean {
  for (const key of knownKeys) {
    if (key === '' || !text.startsWith(key, start)) continue;
    let k = start + key.length;
    while (k < end && (text.charCodeAt(k) === 0x20 || text.charCodeAt(k) === 0x09)) k++;
    if (k < end && text.charCodeAt(k) === 0x3a) return true;
  }
  return false;
}

/**
 * True when every line of `text` outside `[start, end)` (the artifact's body) is blank, a fence
 * line, or prose: it starts at its first column with none of the characters that open YAML data
 * and not with one of the contract's root keys followed by a colon.
 *
 * @example
 * onlyProseAround('Sure:\n```yaml\na: 1\n```\nDone.', [14, 19], ['a']) // true
 * onlyProseAround('a: 1\n```yaml\nb: 2\n```', [13, 18], ['a', 'b'])   // false: `a: 1` is data
 */
export function onlyProseAround(text: string, span: readonly [number, number], knownKeys: readonly string[]): boolean {
  const [from, to] = span;
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start);
    const end = newline < 0 ? text.length : newline;
    // The parts of the line outside the artifact (a tag may share a line with prose).
    if (start < from && !isProseLine(text, start, Math.min(end, from), knownKeys)) return false;
    if (end > to && !isProseLine(text, Math.max(start, to), end, knownKeys)) return false;
    start = end + 1;
    // The artifact's own lines are read by its own attempt: on to the line where it ends.
    if (start > from && start < to) start = Math.max(start, text.lastIndexOf('\n', to - 1) + 1);
  }
  return true;
}

/**
 * A blank line or a line of prose (see {@link onlyProseAround}). Fence lines, markup and a lone
 * CR are prose too: a backtick, a tilde, `<` or CR opens no YAML data.
 */
function isProseLine(text: string, start: number, end: number, knownKeys: readonly string[]): boolean {
  return end <= start || (!DATA_START.has(text[start]!) && !opensKnownKey(text, start, end, knownKeys));
}

/**
 * True for a slice of the raw text that holds the artifact: the raw text itself, or the text from
 * its first line opening a known key (a `known_key` candidate, not prefix-stripped).
 */
function readsAround(candidate: Candidate, artifact: Candidate): boolean {
  if (candidate.source !== 'raw' && (candidate.source !== 'known_key' || candidate.prefixStripped || candidate.segments !== undefined)) return false;
  return candidate.span[0] <= artifact.span[0] && candidate.span[1] >= artifact.span[1];
}

/**
 * True when the repair pass need not read `candidate` (the raw text, or the text from its first
 * known key) as YAML: it holds the text's one artifact among `candidates`, `refused`, whose own
 * reading failed with `schema` or `syntax`, and only prose around it (see {@link onlyProseAround}).
 * Its reading would fail as well; measured on every conformance case and the bench's logs, the
 * result is the same without it.
 *
 * @example
 * // 'Sure:\n```yaml\ntitle: x\n' cut off inside its fence, for a contract that also wants `body`
 * repairAddsNothing(raw, candidates[0], candidates, candidates[1], contract) // true
 */
export function repairAddsNothing(raw: string, candidate: Candidate, candidates: readonly Candidate[], refused: Candidate | undefined, contract: Contract<unknown>): boolean {
  if (refused === undefined || !readsAround(candidate, refused)) return false;
  let artifacts = 0;
  for (const c of candidates) if (ARTIFACT_SOURCES.has(c.source)) artifacts++;
  if (artifacts !== 1) return false;
  return candidateFormat(candidate, { scalarRoot: wantsScalar(contract), contract }) === 'yaml' && onlyProseAround(raw, refused.span, contract.knownKeys);
}
