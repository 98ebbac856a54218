/**
 * The YAML path for one candidate. Strict mode is the plain parse only (the
 * fast path: clean YAML is parsed exactly once). Repair mode — run by the
 * pipeline after the plain parse failed — trims transport noise, then applies
 * the structural repairs group by group, re-parsing after each group that
 * changed the text.
 */
import type { Candidate } from '../scan/candidate.js';
import type { ParseOutcome, ParseStageOptions } from '../stage-types.js';
import { loadYaml, type LoadYamlResult } from './load-yaml.js';
import { joinLines, type YamlLine } from './line-table.js';
import { repairYaml } from './repair-yaml.js';
import { contractNestedChildren, resolveYamlHints } from './resolve-yaml-hints.js';
import { dropCutEntry } from './drop-cut-entry.js';
import { trimYamlTransportNoise } from './trim-yaml-transport-noise.js';
import { DEFAULT_MAX_DEPTH } from '../nesting-depth.js';
import type { WorkMeter } from '../work-meter.js';

/** Candidates larger than this are parsed but not repaired (repairs are line-linear, but bounded anyway). */
const MAX_REPAIR_LENGTH = 4 * 1024 * 1024;

type Loaded = Extract<LoadYamlResult, { ok: true }>;

function outcomeOf(result: LoadYamlResult, interventions: ParseOutcome['interventions'], lines?: readonly YamlLine[]): ParseOutcome {
  if (!result.ok) {
    // Report the error at the candidate's own line number, through the line table.
    const origin = lines !== undefined && result.line !== undefined ? lines[result.line - 1] : undefined;
    const where = origin !== undefined ? ` (line ${origin.line + 1})` : result.line !== undefined ? ` (line ${result.line})` : '';
    return { ok: false, failure: 'syntax', error: `YAML: ${result.error}${where}`, interventions };
  }
  if (result.value === null || typeof result.value !== 'object') {
    return { ok: false, failure: 'no_candidate', error: 'The candidate is a plain scalar, not a structured artifact.', interventions };
  }
  return { ok: true, value: result.value, interventions, truncated: false };
}

/**
 * True when a line starts with three backticks at column 0 (as `/^```/m`: after a line break,
 * CR, U+2028 or U+2029). Searching for the backticks, rare in YAML, and looking one character
 * back takes a tenth of that regex's time on a 3 KB answer (40 against 380 ns).
 *
 * @example
 * holdsColumnZeroFence('a: 1\n```') // true
 * holdsColumnZeroFence('a: ```x```') // false
 */
export function holdsColumnZeroFence(text: string): boolean {
  for (let at = text.indexOf('```'); at !== -1; at = text.indexOf('```', at + 1)) {
    const before = at === 0 ? 0x0a : text.charCodeAt(at - 1);
    if (before === 0x0a || before === 0x0d || before === 0x2028 || before === 0x2029) return true;
  }
  return false;
}

/** `yaml`'s refusal of `text` if this call already asked it (see WorkMeter.yamlRefusal). */
function knownRefusal(work: WorkMeter | undefined, text: string): LoadYamlResult | null {
  return work?.yamlRefusal?.text === text ? (work.yamlRefusal.refusal as LoadYamlResult) : null;
}

/**
 * The failure of a candidate the work budget stopped, naming the error `yaml` found in the
 * candidate as given when it has been asked, so a stopped record still says what is wrong.
 */
function spent(work: WorkMeter, interventions: ParseOutcome['interventions'], candidate?: Candidate): ParseOutcome {
  const known = candidate === undefined ? null : knownRefusal(work, candidate.text);
  const found = known !== null && !known.ok ? `YAML: ${known.error}${known.line !== undefined ? ` (line ${known.line})` : ''}. ` : '';
  return { ok: false, failure: 'syntax', error: `${found}${work.message()}`, interventions };
}

/**
 * True when the root maps a parent key of the hints to nothing while one of its children sits
 * beside it (`generated_by:` then `winner_model: …` at the same indentation): valid YAML of
 * the wrong shape, which only the nested-children repair can put right.
 */
function misnestedChildren(value: unknown, nestedChildren: Readonly<Record<string, readonly string[]>>): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const root = value as Record<string, unknown>;
  for (const parent of Object.keys(nestedChildren)) {
    if (!Object.hasOwn(root, parent) || root[parent] !== null) continue;
    if (nestedChildren[parent]!.some((child) => Object.hasOwn(root, child))) return true;
  }
  return false;
}

/**
 * Parses a YAML candidate. A document that is a lone plain scalar is prose,
 * not an artifact, and reports `no_candidate`.
 *
 * @example
 * parseYamlCandidate(candidateOf('a: 1'), { mode: 'strict' }) // { ok: true, value: { a: 1 }, interventions: [], … }
 * parseYamlCandidate(candidateOf('a:1\nb: 2'), { mode: 'repair' }).interventions[0].rule // 'yaml_colon_space_inserted'
 */
export function parseYamlCandidate(candidate: Candidate, options: ParseStageOptions = {}): ParseOutcome {
  const work = options.work;
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  // Every text handed to a loader is charged; the repair loop charges its passes itself.
  if (work !== undefined && !work.charge(candidate.text.length)) return spent(work, []);
  const noisy = candidate.noiseStart >= 0 || candidate.orphanFence !== undefined;
  if (options.mode !== 'repair') {
    // Noise would parse into values; the repair pass trims it first.
    if (noisy && options.mode === 'strict') {
      return { ok: false, failure: 'syntax', error: 'The YAML candidate carries trailing noise.', interventions: [] };
    }
    // A line opening with a backtick fence is never YAML (a plain scalar cannot start with
    // "`"); prose around a fenced artifact is common, and refusing it here spares a full
    // `yaml` parse that could only fail. The repair pass still strips stray fences.
    if (options.mode === 'strict' && holdsColumnZeroFence(candidate.text)) {
      return { ok: false, failure: 'syntax', error: 'The YAML candidate holds a code fence line.', interventions: [] };
    }
    // A refusal's wording is never shown from here (strict reports it unparsed, the default
    // mode goes on to repair), so the fast loader's verdict is enough.
    const plain = loadYaml(candidate.text, candidate.text.length <= MAX_REPAIR_LENGTH, maxDepth, work);
    if (work?.spent === true) return spent(work, []);
    if (work !== undefined && !plain.ok && plain.fastRefusal !== true) work.yamlRefusal = { text: candidate.text, refusal: plain };
    if (plain.ok && options.mode === 'strict' && misnestedChildren(plain.value, options.yamlHints === undefined ? contractNestedChildren(options.contract) : resolveYamlHints(options.contract, options.yamlHints).nestedChildren)) {
      return { ok: false, failure: 'syntax', error: 'The YAML parses, but keys that belong under a parent key sit beside it.', interventions: [] };
    }
    if (options.mode === 'strict' || plain.ok || candidate.text.length > MAX_REPAIR_LENGTH) return outcomeOf(plain, []);
  }
  if (candidate.text.length > MAX_REPAIR_LENGTH) return outcomeOf(loadYaml(candidate.text, false, maxDepth, work), []);

  const trimmed = trimYamlTransportNoise(candidate);
  const context = { hints: resolveYamlHints(options.contract, options.yamlHints) };
  let last: LoadYamlResult | null = null;
  const accept = (text: string): Loaded | null => {
    if (work !== undefined && !work.charge(text.length)) return null;
    last = loadYaml(text, true, maxDepth, work);
    return last.ok ? last : null;
  };
  if (trimmed.interventions.length > 0) {
    const cleaned = accept(joinLines(trimmed.lines));
    if (cleaned !== null) return outcomeOf(cleaned, trimmed.interventions);
  }
  const run = repairYaml(trimmed.lines, context, accept, work);
  const interventions = [...trimmed.interventions, ...run.interventions];
  if (run.accepted !== null) return outcomeOf(run.accepted, interventions);
  if (work?.spent === true) return spent(work, interventions, candidate);
  // Nothing changed since the last parse: reuse its verdict rather than parsing again. A
  // refusal the fast loader gave alone is worded by `yaml` only if this failure is reported.
  if (work !== undefined && !work.charge(run.text.length)) return spent(work, interventions, candidate);
  const reusable = run.interventions.length > 0 || trimmed.interventions.length > 0 ? (last as LoadYamlResult | null) : null;
  // Only a text that still does not parse may have been cut off inside its last entry.
  const cutOff = (): ParseOutcome | null => {
    const cut = dropCutEntry(run.lines, candidate.text.slice(0, candidate.noiseStart >= 0 ? candidate.noiseStart : candidate.text.length));
    const shortened = cut === null ? null : accept(joinLines(cut.lines));
    if (cut === null || shortened === null) return null;
    const outcome = outcomeOf(shortened, [...interventions, cut.intervention]);
    return outcome.ok ? { ...outcome, truncated: true } : outcome;
  };
  if (reusable !== null && !reusable.ok && reusable.fastRefusal === true) {
    const refusal = `YAML: ${reusable.error}`;
    const explain = (): string => {
      const worded = outcomeOf(loadYaml(run.text, false, maxDepth), interventions, run.lines);
      return worded.ok ? refusal : worded.error;
    };
    return cutOff() ?? { ok: false, failure: 'syntax', error: refusal, interventions, explain };
  }
  const known = knownRefusal(work, run.text);
  const verdict = reusable ?? known ?? loadYaml(run.text, false, maxDepth);
  return (verdict.ok ? null : cutOff()) ?? outcomeOf(verdict, interventions, run.lines);
}
