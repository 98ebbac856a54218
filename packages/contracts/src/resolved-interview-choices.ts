/**
 * Choice answers of the resolved interview (spec §6): the model's selection
 * or prose is mapped to the approved interview's option ids by id, by exact
 * label (compared loosely) or by a label the answer starts with (followed by
 * its end or punctuation), and only when exactly one option fits; anything
 * else is refused rather than guessed.
 */
import { looseKey, type InterviewDocumentQuestion } from './interview-document-shape.js';

/** The selection, or the refusal. `remapped` is true when a model-invented id was read through its label. */
export type ChoiceResolution = { ok: true; ids: string[]; remapped: boolean } | { ok: false; issue: string };

const AFTER_LABEL = /^\s*[.,;:!?()[\]{}'"`-]/;

/** The one canonical option an answer text names, by exact label or unique leading label. */
function optionNamed(text: string, canonical: InterviewDocumentQuestion, byLabel: ReadonlyMap<string, string>): string | undefined {
  const trimmed = text.trim();
  if (trimmed.length === 0) return undefined;
  const exact = byLabel.get(looseKey(trimmed));
  if (exact !== undefined) return exact;
  const lower = trimmed.toLowerCase();
  const leading = canonical.options.filter((option) => {
    const label = option.label.trim();
    if (label.length === 0 || !lower.startsWith(label.toLowerCase())) return false;
    const rest = trimmed.slice(label.length);
    return rest.length === 0 || AFTER_LABEL.test(rest);
  });
  return leading.length === 1 ? leading[0]!.id : undefined;
}

/** A free-text answer split into the labels it names: one for single choice, lines or comma/semicolon items for multiple. */
function labelsOf(text: string, single: boolean): string[] {
  const trimmed = text.trim();
  if (trimmed.length === 0) return [];
  if (single) return [trimmed];
  const lines = trimmed
    .split('\n')
    .map((line) => line.replace(/^[-*]\s+/, '').trim())
    .filter(Boolean);
  if (lines.length > 1) return lines;
  const items = trimmed
    .split(/[;,]/)
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 1 ? items : [trimmed];
}

/**
 * Maps an AI-filled choice answer onto the canonical question's options.
 *
 * @example
 * resolveChoice(canonicalQ02, { ...candidateQ02, answer: { ...a, selected_option_ids: [], free_text: 'Yes. Keep it.' } })
 * // { ok: true, ids: ['yes'], remapped: false }
 */
export function resolveChoice(canonical: InterviewDocumentQuestion, candidate: InterviewDocumentQuestion): ChoiceResolution {
  const byLabel = new Map<string, string>();
  for (const option of canonical.options) {
    const key = looseKey(option.label);
    if (byLabel.has(key)) return { ok: false, issue: `Canonical question ${canonical.id} has ambiguous option labels after normalization` };
    byLabel.set(key, option.id);
  }
  const single = canonical.answer_type === 'single_choice';
  const oneSelection = `Resolved interview must select exactly one option for canonical question ${canonical.id}`;
  const explicit = [...new Set(candidate.answer.selected_option_ids)];
  if (explicit.length > 0) {
    const known = new Set(canonical.options.map((option) => option.id));
    let remapped = false;
    const ids: string[] = [];
    for (const id of explicit) {
      if (known.has(id)) {
        ids.push(id);
        continue;
      }
      const ownLabel = candidate.options.find((option) => option.id === id)?.label;
      const mapped = ownLabel === undefined ? undefined : optionNamed(ownLabel, canonical, byLabel);
      if (mapped === undefined) return { ok: false, issue: `Resolved interview selected unknown option id "${id}" for canonical question ${canonical.id}` };
      remapped = true;
      ids.push(mapped);
    }
    if (single && explicit.length !== 1) return { ok: false, issue: oneSelection };
    return { ok: true, ids: [...new Set(ids)], remapped };
  }
  const labels = labelsOf(candidate.answer.free_text, single);
  if (labels.length === 0) return { ok: false, issue: `Resolved interview left skipped question unanswered: ${canonical.id}` };
  const ids: string[] = [];
  for (const label of labels) {
    const id = optionNamed(label, canonical, byLabel);
    if (id === undefined) return { ok: false, issue: `Resolved interview answer for canonical question ${canonical.id} does not map exactly to canonical options` };
    ids.push(id);
  }
  const unique = [...new Set(ids)];
  if (single && unique.length !== 1) return { ok: false, issue: oneSelection };
  return { ok: true, ids: unique, remapped: false };
}
