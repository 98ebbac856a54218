/**
 * The report page: header with tabs (overview, records, comparison) and a run
 * switcher, the pages, keyboard navigation (j/k or arrows move through
 * records, / searches, o/r/c switch pages), and links to records: the address
 * follows the open record (`#<log>:<line>`), and opening such an address opens it.
 */
import { el } from './dom.js';
import { showComparison, showOverview, type OverviewActions } from './overview.js';
import { findRecord, parseRecordHash, readableHash, recordFile, recordHash, type RecordPlace } from './record-link.js';
import { createRecordList } from './record-list.js';
import { showRecord } from './record-view.js';
import { openReportStore } from './report-store.js';

type PageName = 'overview' | 'records' | 'compare';

function start(): void {
  const store = openReportStore();
  const { report } = store;
  let run = 0;
  const pages: Record<PageName, HTMLElement> = {
    overview: el('section', { class: 'page', id: 'overview-page', 'data-testid': 'overview' }),
    records: el('section', { class: 'page', id: 'records-page', 'data-testid': 'records', hidden: '' }),
    compare: el('section', { class: 'page', id: 'compare-page', 'data-testid': 'compare', hidden: '' }),
  };
  const tabs = new Map<PageName, HTMLButtonElement>();
  const names: PageName[] = report.runs.length > 1 ? ['overview', 'records', 'compare'] : ['overview', 'records'];
  for (const name of names) {
    const tab = el('button', { type: 'button', 'data-page': name, 'aria-selected': String(name === 'overview') }, name);
    tab.addEventListener('click', () => showPage(name));
    tabs.set(name, tab);
  }
  const runSelect = el('select', { 'aria-label': 'run', 'data-testid': 'run' }, ...report.runs.map((r, k) => el('option', { value: String(k) }, r.label)));
  const listPane = el('div', { class: 'list-pane' });
  const detailPane = el('div', { class: 'detail-pane', 'data-testid': 'record' }, el('p', { class: 'empty' }, 'Select a record (j/k or arrows, / to search).'));
  pages.records.append(listPane, detailPane);
  // Prepended, not replacing: the data elements stay in the body for lazy reads.
  document.body.prepend(
    el('header', {}, el('h1', {}, report.title), el('nav', {}, ...tabs.values()), report.runs.length > 1 ? runSelect : null,
      el('span', { class: 'meta' }, el('kbd', {}, 'j'), '/', el('kbd', {}, 'k'), ' records · ', el('kbd', {}, '/'), ' search · ', el('kbd', {}, 'o'), el('kbd', {}, 'r'), el('kbd', {}, 'c'), ' pages')),
    el('main', {}, ...Object.values(pages)),
    el('footer', { class: 'meta' }, ` ${report.generatedBy}`));

  let opening = 0;
  const list = createRecordList(listPane, store, async (r, k) => {
    const mine = ++opening;
    const details = await store.details(r, k);
    if (mine !== opening) return; // a later keypress already asked for another record
    const data = report.runs[r]!;
    const line = data.line[k]!;
    const other = report.runs.length > 1 ? report.runs[1 - r] : undefined;
    // The log decides only among several: one log's name may be written two ways in two outputs.
    const otherIndex = other === undefined ? -1 : findRecord(other, { file: data.file.length > 0 ? recordFile(data, k) : undefined, line });
    const link = recordHash(data, k);
    showRecord(detailPane, {
      line, link, id: data.id[k] ?? null, agent: data.agents[data.agent[k]!], outcome: data.outcomes[data.outcome[k]!]!,
      other: other === undefined || otherIndex === -1 ? undefined : { label: other.label, outcome: other.outcomes[other.outcome[otherIndex]!]! },
    }, details);
    detailPane.scrollTop = 0;
    // Replaced, not pushed: moving through records with j/k must not fill the history.
    if (location.hash !== link) history.replaceState(null, '', link);
  });

  /** Opens the record at a place in the run shown; says so when the report has none there. */
  function openPlace(place: RecordPlace, hash: string): void {
    showPage('records');
    const k = findRecord(report.runs[run]!, place);
    if (k === -1) {
      opening++;
      detailPane.replaceChildren(el('p', { class: 'empty', 'data-testid': 'no-record' }, `No record at ${hash} in ${report.runs[run]!.label}.`));
      return;
    }
    void list.openRecord(k);
  }

  function openAddress(): void {
    const place = parseRecordHash(location.hash);
    if (place !== undefined) openPlace(place, readableHash(location.hash));
  }
  const actions: OverviewActions = {
    showRule(rule) {
      showPage('records');
      void list.setFilter('rule', rule);
    },
    showRecord(place) {
      openPlace(place, `${place.file ?? ''}:${place.line}`);
    },
  };

  function showPage(name: PageName): void {
    for (const [page, node] of Object.entries(pages)) node.hidden = page !== name;
    for (const [page, tab] of tabs) tab.setAttribute('aria-selected', String(page === name));
  }

  function showRun(next: number): void {
    run = next;
    showOverview(pages.overview, report.runs[run]!, actions);
    void list.setRun(run);
  }
  runSelect.addEventListener('change', () => showRun(Number(runSelect.value)));
  if (report.runs.length > 1) showComparison(pages.compare, report.runs[0]!, report.runs[1]!, actions);
  showRun(0);
  openAddress();
  window.addEventListener('hashchange', openAddress);

  document.addEventListener('keydown', (event) => {
    const target = event.target as HTMLElement;
    if (event.key === 'Escape') {
      target.blur();
      return;
    }
    if (target.closest('input, select, textarea') !== null || event.ctrlKey || event.metaKey || event.altKey) return;
    const steps: Record<string, number> = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1, PageDown: 20, PageUp: -20, Home: -Infinity, End: Infinity };
    const step = steps[event.key];
    if (step !== undefined && !pages.records.hidden) {
      event.preventDefault();
      list.move(Number.isFinite(step) ? step : step > 0 ? 1e9 : -1e9);
    } else if (event.key === '/') {
      event.preventDefault();
      showPage('records');
      list.focusSearch();
    } else if (event.key === 'o' || event.key === 'r' || (event.key === 'c' && tabs.has('compare'))) {
      showPage(({ o: 'overview', r: 'records', c: 'compare' } as const)[event.key]);
    }
  });
  document.body.dataset['ready'] = 'true';
  document.body.dataset['loadMs'] = String(Math.round(performance.now()));
}

try {
  start();
} catch (error) {
  document.body.textContent = `This report could not be opened: ${error instanceof Error ? error.message : String(error)}`;
}
