/**
 * LoopTroop's status and gate vocabulary, shared by the operations contracts
 * (bead completion marker, execution setup plan and result, final test
 * commands). LoopTroop reads these words silently, comparing them by their
 * lowercase letters and digits, so the contracts canonicalize them in their
 * checks (no intervention) rather than through recorded synonym tables.
 */
import { z } from 'zod';

/**
 * A word or key compared the way LoopTroop compares them: lowercase letters and digits only.
 *
 * @example
 * looseWord(' Not-Run ') // 'notrun'
 */
export function looseWord(value: string): string {
  return value.trim().toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Canonical value → the loose words that mean it. */
export type Vocabulary<C extends string> = Readonly<Record<C, readonly string[]>>;

/**
 * The canonical value a word means in a vocabulary, or undefined.
 *
 * @example
 * bucketOf('Succeeded', { done: ['done', 'succeeded'], error: ['error'] }) // 'done'
 */
export function bucketOf<C extends string>(raw: string, vocabulary: Vocabulary<C>): C | undefined {
  const word = looseWord(raw);
  for (const [canonical, words] of Object.entries(vocabulary) as [C, readonly string[]][]) if (words.includes(word)) return canonical;
  return undefined;
}

/**
 * A word LoopTroop reads loosely: its canonical values first (what examples
 * and prompts show), then any other text, which the contract's check maps or
 * refuses. Written this way, a loose word validates as it is and is
 * canonicalized without a record, as LoopTroop does.
 *
 * @example
 * looseEnum(['done', 'error']).parse('Completed') // 'Completed' (the check makes it 'done')
 */
export function looseEnum<const V extends readonly [string, ...string[]]>(values: V) {
  return z.union([z.enum(values), z.string()]);
}

/** Text that is not blank, kept as written (a `.trim()` would leave the schema profile providers accept). */
export const nonBlank = z.string().regex(/\S/, 'Expected non-blank text.');

/** A gate as the agent may write it: a word, `true`/`false`, or `1`/`0`. */
export const gateInput = z.union([z.enum(['pass', 'fail']), z.string(), z.number(), z.boolean()]);

const GATE_WORDS: Vocabulary<'pass' | 'fail'> = {
  pass: ['pass', 'passed', 'ok', 'success', 'true', 'complete', 'completed'],
  fail: ['fail', 'failed', 'false', 'error', 'timeout', 'timedout', 'notrun', 'skipped', 'pending'],
};

/**
 * A gate value reduced like LoopTroop's completion marker: booleans and 1/0 to
 * pass/fail, the seed's words to their bucket, any other word kept lowercased
 * (a valid marker whose gate did not pass). Other numbers and blank text refuse.
 *
 * @example
 * gateValue('Passed') // { value: 'pass' }
 * gateValue(2)        // { error: 'must be pass, fail, a word, true/false or 1/0 (got 2)' }
 */
export function gateValue(raw: string | number | boolean): { value: string } | { error: string } {
  if (typeof raw === 'boolean') return { value: raw ? 'pass' : 'fail' };
  if (typeof raw === 'number') {
    if (raw === 1) return { value: 'pass' };
    if (raw === 0) return { value: 'fail' };
    return { error: `must be pass, fail, a word, true/false or 1/0 (got ${raw})` };
  }
  if (raw.trim() === '') return { error: 'must be a non-empty string' };
  return { value: bucketOf(raw, GATE_WORDS) ?? raw.trim().toLowerCase() };
}

/**
 * Reduces every gate of a checks object, collecting refusals under `at`.
 *
 * @example
 * gateValues({ tests: true, lint: 'OK' }, 'checks') // { value: { tests: 'pass', lint: 'pass' }, issues: [] }
 */
export function gateValues<K extends string>(gates: Readonly<Record<K, string | number | boolean>>, at: string): { value: Record<K, string>; issues: { path: string; message: string }[] } {
  const value = {} as Record<K, string>;
  const issues: { path: string; message: string }[] = [];
  for (const [key, raw] of Object.entries(gates) as [K, string | number | boolean][]) {
    const outcome = gateValue(raw);
    if ('error' in outcome) issues.push({ path: `${at}.${key}`, message: `Gate ${at}.${key} ${outcome.error}` });
    else value[key] = outcome.value;
  }
  return { value, issues };
}

/**
 * A file path as LoopTroop's setup artifacts store it: trimmed, forward slashes, no leading `./`.
 *
 * @example
 * setupPath(' .\\tmp\\out ') // 'tmp/out'
 */
export function setupPath(path: string): string {
  return path.trim().replace(/\\/g, '/').replace(/^\.\//, '');
}
