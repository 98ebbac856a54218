/**
 * How a big report behaves in Chromium: a report of N records (the sample
 * batch's results repeated with fresh line numbers and ids) is written, opened
 * and used (filter by a rule, open a record), each step timed. The bench
 * records these figures; tests never assert on them.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sampleContract } from '../../../../examples/contract.js';
import type { ReportRecord } from '../collect-run.js';
import { renderReport } from '../render-report.js';
import { chromiumAvailable, launchChromium } from './launch-chromium.js';
import { runOfLog, sampleLogLines } from './sample-records.js';

/** Timings of one big report, in milliseconds. */
export interface ReportLoadFigures {
  records: number;
  htmlBytes: number;
  /** Node: collecting the records and rendering the HTML. */
  renderMs: number;
  /** Chromium: from navigation start until the page is usable (overview drawn, list filled), by the page's clock. */
  loadMs: number;
  /** Chromium: from navigation start until every detail chunk is parsed (DOMContentLoaded). */
  allDataMs: number;
  /** Filtering the list by a rule. */
  filterMs: number;
  /** Opening a record (parsing its chunk, highlighting). */
  openMs: number;
}

function* repeated(base: readonly ReportRecord[], count: number): Generator<ReportRecord> {
  for (let k = 0; k < count; k++) {
    const record = base[k % base.length]!;
    yield { ...record, line: k + 1, id: `run-${k + 1}` };
  }
}

/**
 * Writes a report of `records` records into `dir` and measures it in Chromium;
 * undefined (after a loud message) when no Chromium can be had off CI.
 *
 * @example
 * const figures = await measureReportLoad({ records: 100_000, dir: tmp });
 */
export async function measureReportLoad(options: { records: number; dir: string }): Promise<ReportLoadFigures | undefined> {
  if (!chromiumAvailable()) return undefined;
  const lines = sampleLogLines();
  const sample = runOfLog(lines, sampleContract, 'sample');
  const base = sample.records as ReportRecord[];
  const rawText = (line: number): string | undefined => sample.rawText?.((line - 1) % lines.length + 1);
  const renderStart = performance.now();
  const html = (await renderReport([{ label: `${options.records} records`, metadata: sample.metadata, records: repeated(base, options.records), rawText }])).join('');
  const renderMs = performance.now() - renderStart;
  const file = join(options.dir, `report-${options.records}.html`);
  await writeFile(file, html);
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(pathToFileURL(file).href, { timeout: 120_000, waitUntil: 'commit' });
    await page.waitForSelector('body[data-ready="true"]', { timeout: 120_000 });
    const loadMs = Number(await page.evaluate(() => document.body.dataset['loadMs']));
    await page.waitForLoadState('domcontentloaded', { timeout: 120_000 });
    const allDataMs = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
    await page.keyboard.press('r');
    const filterStart = performance.now();
    await page.locator('select[data-filter=rule]').selectOption('trailing_comma');
    // The change handler filters synchronously, so the list is done when selectOption returns.
    await page.getByTestId('count').innerText();
    const filterMs = performance.now() - filterStart;
    const openStart = performance.now();
    await page.locator('.row').nth(3).click();
    await page.waitForSelector('[data-testid=raw-text]');
    const openMs = performance.now() - openStart;
    return { records: options.records, htmlBytes: Buffer.byteLength(html), renderMs, loadMs, allDataMs, filterMs, openMs };
  } finally {
    await browser.close();
  }
}
