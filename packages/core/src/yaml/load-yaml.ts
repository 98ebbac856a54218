/**
 * The plain YAML parse: the fast loader for the subset agents emit, then
 * `yaml` under the hostile-input settings of `yaml-options.ts` for everything
 * the fast loader declines (it never reports errors itself, so every
 * diagnostic still comes from `yaml`).
 */
import { LineCounter, parseDocument } from 'yaml';
import { DEFAULT_MAX_DEPTH, depthMessage, exceedsDepth, tooShortToNest } from '../nesting-depth.js';
import { exceedsYamlDepth, YAML_SAFE_DEPTH } from './exceeds-yaml-depth.js';
import { findDuplicateKey } from './find-duplicate-key.js';
import { YAML_REJECTS } from './fast/fast-yaml-bail.js';
import { loadYamlFast, type FastYamlResult } from './fast/load-yaml-fast.js';
import { FAST_YAML_MAX_DEPTH } from './fast/yaml-lines.js';
import { YAML_PARSE_OPTIONS, YAML_TO_JS_OPTIONS } from './yaml-options.js';
import { YAML_PARSE_WEIGHT, type WorkMeter } from '../work-meter.js';

/** Why the fast loader declined a text. */
type FastYamlDecline = Extract<FastYamlResult, { ok: false }>;

/** Outcome of one plain parse. */
export type LoadYamlResult =
  | { ok: true; value: unknown }
  | {
      ok: false;
      /** First error, one line. */
      error: string;
      /** Offset of the error in the parsed text, when the parser gave one. */
      offset?: number;
      /** 1-based line of the error in the parsed text. */
      line?: number;
      /** Refused by the fast loader alone (see `trustFastRefusal`): the error is not `yaml`'s. */
      fastRefusal?: true;
    };

/**
 * Parses YAML text; never throws (billion laughs, deep nesting and the like
 * come back as errors). With a `work` meter, a parse by `yaml` is charged its extra weight
 * first, and a spent meter refuses the text unparsed.
 *
 * @example
 * loadYaml('a: 1') // { ok: true, value: { a: 1 } }
 * loadYaml('a: 1\na: 2') // { ok: false, error: 'Map keys must be unique', offset: 5, line: 2 }
 * loadYaml('a: b: c', true) // { ok: false, error: 'not YAML (nested_mapping)', fastRefusal: true }
 */
export function loadYaml(text: string, trustFastRefusal = false, maxDepth = DEFAULT_MAX_DEPTH, work?: WorkMeter): LoadYamlResult {
  const fast = loadYamlFast(text);
  // The fast loader bails past FAST_YAML_MAX_DEPTH levels: its values need no walk under a
  // bound at least that deep (the default is 1000).
  if (fast.ok && maxDepth >= FAST_YAML_MAX_DEPTH) return fast;
  const loaded = fast.ok ? fast : loadDeclined(text, fast, trustFastRefusal, maxDepth, work);
  // `yaml` bounds its own recursion; this bounds the value it returns (every level takes at
  // least two characters, so a short text skips the walk).
  if (loaded.ok && !tooShortToNest(text, maxDepth) && exceedsDepth(loaded.value, maxDepth)) return { ok: false, error: depthMessage(maxDepth) };
  return loaded;
}

function loadDeclined(text: string, fast: FastYamlDecline, trustFastRefusal: boolean, maxDepth: number, work: WorkMeter | undefined): LoadYamlResult {
  // A worded refusal is `yaml`'s own first error, line included: no need to ask it.
  if (fast.message !== undefined) return { ok: false, error: fast.message, line: fast.line! + 1 };
  // Where only a verdict is needed (a strict attempt, a step of the repair loop), a bail that
  // only invalid YAML produces spares `yaml` a full parse whose sole news is an error.
  if (trustFastRefusal && YAML_REJECTS.has(fast.reason)) return { ok: false, error: `not YAML (${fast.reason})`, fastRefusal: true };
  // The caller charged the fast loader's unit per character; `yaml` costs the rest of its weight.
  if (work !== undefined && !work.charge((YAML_PARSE_WEIGHT - 1) * text.length)) return { ok: false, error: work.message() };
  return loadWithYaml(text, maxDepth, fast.reason);
}

/**
 * The longest text `yaml` is asked to parse. Its nodes take up to about 300 bytes per
 * character (a 4 MiB flow sequence of one-letter items peaks near 1.7 GB), so a longer text
 * could exhaust a batch thread's heap and stop the batch; the fast loader alone reads those.
 */
export const MAX_YAML_LIBRARY_LENGTH = 4 * 1024 * 1024;

/**
 * The parse by `yaml` alone, the parser of record for every text the fast loader declines
 * (`declined`: its reason, named when the text is too long for `yaml`).
 *
 * @example
 * loadWithYaml('a: 1\na: 2', 1000) // { ok: false, error: 'Map keys must be unique', offset: 5, line: 2 }
 */
export function loadWithYaml(text: string, maxDepth = DEFAULT_MAX_DEPTH, declined?: string): LoadYamlResult {
  if (text.length > MAX_YAML_LIBRARY_LENGTH) {
    const why = declined === undefined ? '' : ` (${declined})`;
    return { ok: false, error: `The YAML is ${text.length} characters long: past ${MAX_YAML_LIBRARY_LENGTH} only the fast loader reads YAML, and it declined this text${why}.` };
  }
  if (exceedsYamlDepth(text, maxDepth)) {
    return { ok: false, error: maxDepth < YAML_SAFE_DEPTH ? depthMessage(maxDepth) : `The YAML may nest deeper than ${YAML_SAFE_DEPTH} levels, more than it can load safely.` };
  }
  // Broken intermediate texts are the normal case in the repair loop: build the
  // parser's errors without stack traces, which cost more than the parse itself.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    const lineCounter = new LineCounter();
    // Unique keys checked in linear time by findDuplicateKey; yaml's own check is quadratic.
    const doc = parseDocument(text, { ...YAML_PARSE_OPTIONS, uniqueKeys: false, lineCounter });
    const first = earliest(doc.errors);
    const duplicate = findDuplicateKey(doc.contents);
    if (duplicate >= 0 && (first === undefined || duplicate < first.pos[0])) {
      return { ok: false, error: 'Map keys must be unique', offset: duplicate, line: lineCounter.linePos(duplicate).line };
    }
    if (first !== undefined) {
      const offset = first.pos[0];
      return { ok: false, error: first.message.split('\n')[0]!, offset, line: lineCounter.linePos(offset).line };
    }
    return { ok: true, value: doc.toJS(YAML_TO_JS_OPTIONS) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * The error nearest the start of the text. `yaml` lists its parser's errors before those it
 * finds while composing values, so its first listed error may sit lines after an earlier one.
 */
function earliest<E extends { pos: [number, number] }>(errors: readonly E[]): E | undefined {
  let first = errors[0];
  for (const error of errors) if (error.pos[0] < first!.pos[0]) first = error;
  return first;
}
