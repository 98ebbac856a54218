/**
 * The record view: the raw text with the chosen candidate and every
 * intervention's span highlighted, then the interventions (stage, category,
 * message, before/after), the validation errors and the final value.
 */
import type { RecordDetails } from '../report-format.js';
import { badge, el, replaceChildren, type Child } from './dom.js';
import { highlightSegments, type Mark } from './highlight-segments.js';
import { readableHash } from './record-link.js';

/** The fields of a record the view shows besides its details. */
export interface RecordHeader {
  line: number;
  /** The record's address fragment (`#<log>:<line>`), shown as its link. */
  link: string;
  id: string | number | null;
  agent: string | undefined;
  outcome: string;
  /** Outcome of the same line in the other run, when comparing. */
  other?: { label: string; outcome: string } | undefined;
}

interface Intervention {
  rule?: unknown;
  stage?: unknown;
  category?: unknown;
  message?: unknown;
  span?: unknown;
  path?: unknown;
  before?: unknown;
  after?: unknown;
}

function isSpan(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number';
}

function marksOf(result: Record<string, unknown>, interventions: Intervention[]): Mark[] {
  const marks: Mark[] = [];
  const candidate = result['candidate'] as { span?: unknown } | undefined;
  if (candidate !== undefined && isSpan(candidate.span)) {
    marks.push({ start: candidate.span[0], end: candidate.span[1], kind: result['success'] === true ? 'candidate' : 'failure' });
  }
  interventions.forEach((intervention, k) => {
    if (isSpan(intervention.span)) marks.push({ start: intervention.span[0], end: intervention.span[1], kind: 'repair', intervention: k });
  });
  return marks;
}

function rawTextView(text: string, marks: Mark[]): HTMLPreElement {
  const pre = el('pre', { class: 'raw', 'data-testid': 'raw-text' });
  for (const segment of highlightSegments(text.length, marks)) {
    const piece = text.slice(segment.start, segment.end);
    if (segment.marks.length === 0) {
      pre.appendChild(document.createTextNode(piece));
      continue;
    }
    const kinds = [...new Set(segment.marks.map((m) => m.kind))];
    const ids = segment.marks.flatMap((m) => (m.intervention === undefined ? [] : [String(m.intervention)]));
    // An insertion point is drawn by CSS, so the text (and copying it) stays exactly the raw text.
    const mark = el('mark', { class: `${kinds.join(' ')}${segment.point === true ? ' point' : ''}`, title: segment.point === true ? 'insertion point' : kinds.join(', ') }, piece);
    if (ids.length > 0) mark.dataset['interventions'] = ids.join(' ');
    pre.appendChild(mark);
  }
  return pre;
}

function excerpt(label: string, value: unknown): Child {
  return typeof value === 'string' ? el('div', {}, el('span', { class: 'meta' }, label), el('pre', {}, value === '' ? '(empty)' : value)) : null;
}

function focusIntervention(root: HTMLElement, k: number): void {
  for (const mark of root.querySelectorAll('mark.focus')) mark.classList.remove('focus');
  const marks = [...root.querySelectorAll<HTMLElement>('mark[data-interventions]')].filter((m) => (m.dataset['interventions'] ?? '').split(' ').includes(String(k)));
  for (const mark of marks) mark.classList.add('focus');
  marks[0]?.scrollIntoView({ block: 'center' });
}

function interventionList(root: HTMLElement, interventions: Intervention[], failed: boolean): HTMLElement {
  const list = el('ol', { class: 'interventions', 'data-testid': 'interventions' });
  interventions.forEach((i, k) => {
    const where = [isSpan(i.span) ? `span ${i.span[0]}–${i.span[1]}` : '', Array.isArray(i.path) ? `path ${i.path.length === 0 ? '(root)' : i.path.join('.')}` : ''].filter((s) => s !== '').join(' · ');
    const item = el('li', { class: failed && i.category === 'dropped' ? 'failure' : 'repair', 'data-rule': String(i.rule), tabindex: '0' },
      el('b', {}, String(i.rule)), ' ', el('span', { class: 'meta' }, `${String(i.stage)} · ${String(i.category)}${where === '' ? '' : ` · ${where}`}`),
      el('div', {}, String(i.message ?? '')), excerpt('before', i.before), excerpt('after', i.after));
    item.addEventListener('click', () => focusIntervention(root, k));
    list.appendChild(item);
  });
  return list;
}

/** A cut-off record's salvaged partial value and the paths still open when the output stopped. */
function salvagedView(salvaged: RecordDetails['salvaged']): Child[] {
  if (salvaged === undefined) return [];
  const open = Object.entries(salvaged.states);
  return [
    el('h3', {}, 'Salvaged partial value'),
    el('p', { class: 'meta' }, 'What the cut-off text supports so far, valid against the contract as far as it goes; the record stays a truncated failure.'),
    el('pre', { 'data-testid': 'salvaged-value' }, pretty(salvaged.data)),
    open.length === 0 ? null : el('ul', { class: 'meta', 'data-testid': 'salvaged-states' }, ...open.map(([path, state]) => el('li', {}, `${path}: ${state}`))),
  ];
}

function pretty(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(value, null, 2);
}

/**
 * Shows one record in `root`.
 *
 * @example
 * showRecord(pane, { line: 3, link: '#runs.jsonl:3', id: 'r3', agent: 'a', outcome: 'valid_repaired' }, details);
 */
export function showRecord(root: HTMLElement, header: RecordHeader, details: RecordDetails | undefined): void {
  const result = details?.result ?? {};
  const interventions = Array.isArray(result['interventions']) ? (result['interventions'] as Intervention[]) : [];
  const errors = Array.isArray(result['validationErrors']) ? (result['validationErrors'] as { path?: unknown; message?: unknown }[]) : [];
  const failed = result['success'] !== true;
  const candidate = result['candidate'] as Record<string, unknown> | undefined;
  root.dataset['line'] = String(header.line);
  replaceChildren(root,
    el('h2', {}, `line ${header.line}`, header.id === null ? '' : ` · ${String(header.id)}`, header.agent === undefined ? '' : ` · ${header.agent} `, badge(header.outcome)),
    el('div', { class: 'meta' }, 'link: ', el('a', { href: header.link, 'data-testid': 'record-link' }, readableHash(header.link))),
    header.other === undefined ? null : el('div', { class: 'meta' }, `in ${header.other.label}: `, badge(header.other.outcome)),
    typeof result['extractionError'] === 'string' ? el('p', { class: 'errors' }, result['extractionError']) : null,
    el('h3', {}, 'Raw text'),
    details?.text === undefined ? el('p', { class: 'meta' }, 'The raw text is not in this report: its run log was not found where the output names it, or has changed since (give it with --log).') : rawTextView(details.text, marksOf(result, interventions)),
    candidate === undefined ? null : el('p', { class: 'meta', 'data-testid': 'candidate' },
      `candidate: ${String(candidate['source'])} ${String(candidate['format'])}`, isSpan(candidate['span']) ? ` at ${candidate['span'][0]}–${candidate['span'][1]}` : '',
      typeof candidate['fenceInfo'] === 'string' ? ` · fence ${candidate['fenceInfo']}` : '', typeof candidate['tag'] === 'string' ? ` · tag <${candidate['tag']}>` : ''),
    el('h3', {}, `Interventions (${interventions.length})`),
    interventions.length === 0 ? el('p', { class: 'meta' }, 'none') : interventionList(root, interventions, failed),
    errors.length === 0 ? null : el('h3', {}, 'Validation errors'),
    errors.length === 0 ? null : el('ul', { class: 'errors', 'data-testid': 'validation-errors' }, ...errors.map((e) => el('li', {}, `${String(e.path ?? '')}: ${String(e.message ?? '')}`))),
    el('h3', {}, failed ? 'Parsed value (rejected)' : 'Value'),
    el('pre', { 'data-testid': 'value' }, pretty(failed ? result['raw'] : result['data'])),
    ...salvagedView(details?.salvaged),
  );
}
