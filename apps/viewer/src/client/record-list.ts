/**
 * The record list: filters (outcome, failure class, rule, agent, free text)
 * over the columnar index, and a virtualized list that only ever holds the
 * rows in view, so 100,000 records scroll like 100.
 */
import type { EmbeddedRun } from '../report-format.js';
import { badge, el, replaceChildren } from './dom.js';
import { recordFile } from './record-link.js';
import type { ReportStore } from './report-store.js';

const ROW_HEIGHT = 26;
const OVERSCAN = 8;

/** The list's controls, for the page and keyboard handling. */
export interface RecordList {
  /** Shows a run's records (filters are kept when they still apply). */
  setRun(run: number): Promise<void>;
  /** Moves the selection by `delta` rows and opens the record. */
  move(delta: number): void;
  /** Selects and opens record `k` (file order) of the run shown, clearing filters that hide it. */
  openRecord(k: number): Promise<void>;
  /** Applies a filter programmatically (`rule`, `outcome`, `failure`, `agent`, `text`). */
  setFilter(name: FilterName, value: string): Promise<void>;
  focusSearch(): void;
}

export type FilterName = 'outcome' | 'failure' | 'rule' | 'agent' | 'text';

function select(name: FilterName, label: string, options: string[]): HTMLSelectElement {
  return el('select', { 'data-filter': name, 'aria-label': label }, el('option', { value: '' }, `${label}: all`), ...options.map((o) => el('option', { value: o }, o)));
}

function setOptions(node: HTMLSelectElement, label: string, options: string[]): void {
  const keep = node.value;
  replaceChildren(node, el('option', { value: '' }, `${label}: all`), ...options.map((o) => el('option', { value: o }, o)));
  node.value = options.includes(keep) ? keep : '';
}

/**
 * Builds the list pane inside `root`; `onOpen` receives the record index in file order.
 *
 * @example
 * const list = createRecordList(pane, store, (run, k) => showRecord(detail, headerOf(run, k), store.details(run, k)));
 */
export function createRecordList(root: HTMLElement, store: ReportStore, onOpen: (run: number, k: number) => Promise<void>): RecordList {
  let run = 0;
  let data: EmbeddedRun = store.report.runs[0]!;
  let visible = new Int32Array(0);
  let selected = -1;
  const outcome = select('outcome', 'outcome', ['valid_untouched', 'valid_repaired', 'failed']);
  const failure = select('failure', 'failure', []);
  const rule = select('rule', 'rule', []);
  const agent = select('agent', 'agent', []);
  const text = el('input', { type: 'search', placeholder: 'search id, agent, text, errors…  ( / )', 'data-filter': 'text', 'aria-label': 'search' });
  const count = el('div', { class: 'count', 'data-testid': 'count' });
  const spacer = el('div', { class: 'spacer' });
  const viewport = el('div', { class: 'viewport', tabindex: '0', 'data-testid': 'list' }, spacer);
  replaceChildren(root, el('div', { class: 'filters' }, outcome, failure, rule, agent, text), count, viewport);

  let generation = 0;
  async function applyFilters(): Promise<void> {
    const mine = ++generation;
    const needle = text.value.trim().toLowerCase();
    if (needle !== '') {
      count.textContent = 'searching…';
      await store.prepareSearch(run);
      if (mine !== generation) return;
    }
    filterNow(needle);
  }

  function filterNow(needle: string): void {
    const wantOutcome = outcome.value;
    const wantFailure = failure.value === '' ? '' : `failed:${failure.value}`;
    const ruleIndex = rule.value === '' ? -1 : data.rules.indexOf(rule.value);
    const setHasRule = data.ruleSets.map((set) => set.includes(ruleIndex));
    const agentIndex = agent.value === '' ? -2 : data.agents.indexOf(agent.value);
    const out: number[] = [];
    for (let k = 0; k < data.line.length; k++) {
      const name = data.outcomes[data.outcome[k]!]!;
      if (wantOutcome !== '' && (wantOutcome === 'failed' ? !name.startsWith('failed:') : name !== wantOutcome)) continue;
      if (wantFailure !== '' && name !== wantFailure) continue;
      if (ruleIndex !== -1 && setHasRule[data.ruleSet[k]!] !== true) continue;
      if (agentIndex !== -2 && data.agent[k] !== agentIndex) continue;
      if (needle !== '' && !matches(k, needle)) continue;
      out.push(k);
    }
    visible = Int32Array.from(out);
    selected = -1;
    count.textContent = `${visible.length.toLocaleString('en')} of ${data.line.length.toLocaleString('en')} records`;
    spacer.style.height = `${visible.length * ROW_HEIGHT}px`;
    viewport.scrollTop = 0;
    render();
  }

  function matches(k: number, needle: string): boolean {
    const agentName = data.agents[data.agent[k]!] ?? '';
    if (String(data.id[k] ?? '').toLowerCase().includes(needle) || agentName.toLowerCase().includes(needle)) return true;
    // The log's name only where a run has several: with one, it would match every record.
    if (data.file.length > 0 && (recordFile(data, k) ?? '').toLowerCase().includes(needle)) return true;
    return store.searchText(run, k).includes(needle);
  }

  function render(): void {
    const first = Math.max(0, Math.floor(viewport.scrollTop / ROW_HEIGHT) - OVERSCAN);
    const last = Math.min(visible.length, Math.ceil((viewport.scrollTop + viewport.clientHeight) / ROW_HEIGHT) + OVERSCAN);
    const rows: HTMLElement[] = [];
    for (let p = first; p < last; p++) {
      const k = visible[p]!;
      const rules = data.ruleSets[data.ruleSet[k]!]!.map((r) => data.rules[r]).join(', ');
      const place = data.file.length > 0 ? { title: `${recordFile(data, k) ?? ''}:${data.line[k]}` } : {};
      const row = el('div', { class: p === selected ? 'row selected' : 'row', 'data-line': String(data.line[k]), 'data-position': String(p), role: 'option', ...place },
        el('span', { class: 'ln' }, data.line[k]!), el('span', { class: 'rid' }, String(data.id[k] ?? '')), badge(data.outcomes[data.outcome[k]!]!),
        el('span', { class: 'rules' }, rules));
      row.style.top = `${p * ROW_HEIGHT}px`;
      rows.push(row);
    }
    replaceChildren(spacer, ...rows);
  }

  function selectPosition(p: number): void {
    if (visible.length === 0) return;
    selected = Math.min(Math.max(p, 0), visible.length - 1);
    const top = selected * ROW_HEIGHT;
    if (top < viewport.scrollTop) viewport.scrollTop = top;
    else if (top + ROW_HEIGHT > viewport.scrollTop + viewport.clientHeight) viewport.scrollTop = top + ROW_HEIGHT - viewport.clientHeight;
    render();
    void onOpen(run, visible[selected]!);
  }

  function refreshOptions(): void {
    setOptions(failure, 'failure', data.outcomes.filter((o) => o.startsWith('failed:')).map((o) => o.slice('failed:'.length)).sort());
    setOptions(rule, 'rule', [...data.rules].sort());
    setOptions(agent, 'agent', [...data.agents].sort());
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  for (const control of [outcome, failure, rule, agent]) control.addEventListener('change', () => void applyFilters());
  text.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void applyFilters(), 200);
  });
  let frame = 0;
  viewport.addEventListener('scroll', () => {
    if (frame === 0) frame = requestAnimationFrame(() => { frame = 0; render(); });
  });
  // The list is built while its page is hidden; draw the rows once it has a size.
  new ResizeObserver(() => render()).observe(viewport);
  spacer.addEventListener('click', (event) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('.row');
    if (row !== null) selectPosition(Number(row.dataset['position']));
  });
  const controls: Record<FilterName, HTMLSelectElement | HTMLInputElement> = { outcome, failure, rule, agent, text };

  const list: RecordList = {
    async setRun(next) {
      run = next;
      data = store.report.runs[next]!;
      refreshOptions();
      await applyFilters();
    },
    move(delta) {
      selectPosition(selected === -1 ? (delta >= 0 ? 0 : visible.length - 1) : selected + delta);
    },
    async openRecord(k) {
      if (k < 0 || k >= data.line.length) return;
      if (!visible.includes(k)) {
        for (const control of Object.values(controls)) control.value = '';
        await applyFilters();
      }
      selectPosition(visible.indexOf(k));
    },
    async setFilter(name, value) {
      controls[name].value = value;
      await applyFilters();
    },
    focusSearch() {
      text.focus();
    },
  };
  void list.setRun(0);
  return list;
}
