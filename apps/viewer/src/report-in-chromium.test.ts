/**
 * The report page in a real headless Chromium: the sample batch's report
 * opens, filters, searches, shows a record with its spans and interventions,
 * opens the record a link names, compares two runs, and never runs model text.
 * Screenshots land in test-artifacts/.
 */
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { defineContract, type ParseResult } from '@airlock/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleContract, sampleSchema } from '../../../examples/contract.js';
import type { ReportRecord, ReportRunInput } from './collect-run.js';
import { renderReport } from './render-report.js';
import { chromiumAvailable, launchChromium, type TestBrowser } from './test-support/launch-chromium.js';
import { runOfLog, runOfLogs, sampleBatchRun, sampleLogLines } from './test-support/sample-records.js';

const ARTIFACTS = new URL('../test-artifacts/', import.meta.url);
const available = chromiumAvailable();
let browser: TestBrowser | undefined;
let sample: Awaited<ReturnType<typeof sampleBatchRun>>;

beforeAll(async () => {
  if (!available) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  sample = await sampleBatchRun(fileURLToPath(ARTIFACTS));
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** Writes a report into test-artifacts/ and opens it (at `hash`, a record's link); fails the test on any dialog or page error. */
async function openReport(name: string, runs: ReportRunInput[], hash = ''): Promise<Page> {
  const file = new URL(`${name}.html`, ARTIFACTS);
  await writeFile(file, (await renderReport(runs)).join(''));
  return openPage(`${pathToFileURL(file.pathname).href}${hash}`);
}

/** Opens a written report's address in a fresh tab. */
async function openPage(address: string): Promise<Page> {
  const page = await browser!.context.newPage();
  const problems: string[] = [];
  page.on('dialog', (dialog) => { problems.push(`dialog: ${dialog.message()}`); void dialog.dismiss(); });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => { if (!request.url().startsWith('file:') && !request.url().startsWith('data:')) problems.push(`request: ${request.url()}`); });
  (page as Page & { problems: string[] }).problems = problems;
  await page.goto(address);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30_000 });
  return page;
}

/** The model text of a line of the sample log. */
function outputAt(lines: readonly string[], line: number): string {
  return (JSON.parse(lines[line - 1]!) as { output: string }).output;
}

function problemsOf(page: Page): string[] {
  return (page as Page & { problems: string[] }).problems;
}

describe.skipIf(!available)('the report in Chromium', () => {
  const lines = sampleLogLines();
  const results = (): ReportRecord[] => sample.records;

  it('opens the sample batch, filters by a rule, and shows a record with its candidate and intervention spans', async () => {
    const page = await openReport('sample-report', [sample]);
    expect(await page.getByTestId('cards').innerText()).toContain(String(lines.length));
    expect(await page.locator('[data-testid=chart-rules] a[data-rule=trailing_comma]').count()).toBe(1);

    const withRule = results().filter((r) => r.result.interventions.some((i) => i.rule === 'trailing_comma'));
    await page.locator('[data-testid=chart-rules] a[data-rule=trailing_comma]').click();
    await expect.poll(() => page.getByTestId('count').innerText()).toBe(`${withRule.length} of ${lines.length} records`);
    const first = withRule[0]!;
    await page.locator('.row').first().click();
    await page.waitForSelector(`[data-testid=record][data-line="${first.line}"]`);
    const raw = (JSON.parse(lines[first.line - 1]!) as { output: string }).output;
    const record = page.getByTestId('record');
    expect(await record.locator('h2').innerText()).toContain(`line ${first.line}`);
    expect(await page.getByTestId('raw-text').evaluate((node) => node.textContent)).toBe(raw);
    const items = await page.locator('[data-testid=interventions] > li').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-rule')));
    expect(items).toEqual(first.result.interventions.map((i) => i.rule));
    for (const [k, intervention] of first.result.interventions.entries()) {
      if (intervention.span === undefined) continue;
      const marked = await page.locator('mark.repair').evaluateAll((nodes, k) => nodes.filter((n) => (n.getAttribute('data-interventions') ?? '').split(' ').includes(String(k))).map((n) => (n.classList.contains('point') ? '' : n.textContent)).join(''), k);
      expect(marked).toBe(raw.slice(...intervention.span));
    }
    const candidate = first.result.candidate!.span;
    const candidateText = await page.locator('mark.candidate').evaluateAll((nodes) => nodes.filter((n) => !n.classList.contains('point')).map((n) => n.textContent).join(''));
    expect(candidateText).toBe(raw.slice(...candidate));
    await page.screenshot({ path: new URL('sample-record.png', ARTIFACTS).pathname, fullPage: true });

    // Keyboard: j opens the next record of the filtered list.
    await page.keyboard.press('j');
    await page.waitForSelector(`[data-testid=record][data-line="${withRule[1]!.line}"]`);
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  });

  it('marks a failed record red and lists its validation errors', async () => {
    const page = await openReport('sample-report-failed', [sample]);
    await page.keyboard.press('r');
    await page.locator('select[data-filter=failure]').selectOption('schema');
    await page.keyboard.press('j');
    const line = results().find((r) => !r.result.success && r.result.failure === 'schema')!.line;
    await page.waitForSelector(`[data-testid=record][data-line="${line}"]`);
    expect(await page.locator('mark.failure').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('validation-errors').innerText()).toMatch(/verdict|issues|summary/);
    await page.screenshot({ path: new URL('sample-failure.png', ARTIFACTS).pathname });
    await page.close();
  });

  it('compares two outputs of the same log: changed records and rule deltas', async () => {
    const lenient = defineContract({ name: 'sample', schema: sampleSchema, synonyms: { verdict: { map: { approve: ['looks good'] } } } });
    const after = runOfLog(lines, lenient, 'lenient.ndjson');
    const changed = (after.records as { line: number; result: ParseResult<unknown> }[]).filter((r, k) => r.result.success !== results()[k]!.result.success).length;
    expect(changed).toBeGreaterThan(0);
    const page = await openReport('sample-compare', [sample, after]);
    await page.keyboard.press('c');
    expect(await page.getByTestId('changed').innerText()).toBe(String(changed));
    expect(await page.locator('[data-testid=chart-rule-deltas] a[data-rule=synonym_mapped]').count()).toBe(1);
    await page.locator('[data-testid=changes] tr').first().click();
    await page.waitForSelector('[data-testid=record][data-line]');
    expect(await page.getByTestId('record').innerText()).toContain('in lenient.ndjson');
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  });

  it('opens the record a link names, and keeps the address on the record shown', async () => {
    const page = await openReport('sample-link', [sample], '#sample-run-log.jsonl:25');
    await page.waitForSelector('[data-testid=record][data-line="25"]');
    expect(await page.getByTestId('records').isVisible()).toBe(true);
    expect(await page.getByTestId('raw-text').evaluate((node) => node.textContent)).toBe(outputAt(lines, 25));
    expect(await page.getByTestId('record-link').getAttribute('href')).toBe('#sample-run-log.jsonl:25');
    await page.screenshot({ path: new URL('sample-link.png', ARTIFACTS).pathname });

    // j opens the next record and the address follows it: the address bar is that record's link.
    await page.keyboard.press('j');
    await page.waitForSelector('[data-testid=record][data-line="26"]');
    expect(await page.evaluate(() => location.hash)).toBe('#sample-run-log.jsonl:26');
    const again = await openPage(page.url());
    await again.waitForSelector('[data-testid=record][data-line="26"]');
    expect(await again.getByTestId('raw-text').evaluate((node) => node.textContent)).toBe(outputAt(lines, 26));

    // A link followed inside the page, and a link to no record.
    await page.evaluate(() => { location.hash = '#3'; });
    await page.waitForSelector('[data-testid=record][data-line="3"]');
    await page.evaluate(() => { location.hash = '#sample-run-log.jsonl:9999'; });
    expect(await page.getByTestId('no-record').innerText()).toBe('No record at #sample-run-log.jsonl:9999 in sample.ndjson.');
    expect([...problemsOf(page), ...problemsOf(again)]).toEqual([]);
    await page.close();
    await again.close();
  });

  it('links the records of an output of several logs by log and line', async () => {
    const a = lines.slice(0, 3);
    const b = lines.slice(3, 6);
    const run = runOfLogs([{ name: 'logs/a.jsonl', lines: a }, { name: 'logs/b.jsonl', lines: b }], sampleContract, 'two-logs.ndjson');
    const page = await openReport('two-logs', [run], '#b.jsonl:2');
    await page.waitForSelector('[data-testid=record][data-line="2"]');
    expect(await page.getByTestId('raw-text').evaluate((node) => node.textContent)).toBe(outputAt(b, 2));
    await page.evaluate(() => { location.hash = '#logs/a.jsonl:2'; });
    await expect.poll(() => page.getByTestId('raw-text').evaluate((node) => node.textContent)).toBe(outputAt(a, 2));
    expect(await page.evaluate(() => location.hash)).toBe('#a.jsonl:2');
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  });

  it('searches raw text, ids, agents and errors as the search box says', async () => {
    const page = await openReport('sample-search', [sample]);
    await page.keyboard.press('/');
    expect(await page.locator('input[data-filter=text]').getAttribute('placeholder')).toMatch(/^search id, agent, text, errors/);
    /** Types a search and waits for the list to show `n` records (the search runs after a pause in typing). */
    const expectFound = async (needle: string, n: number): Promise<void> => {
      await page.locator('input[data-filter=text]').fill(needle);
      await expect.poll(() => page.getByTestId('count').innerText(), { message: needle }).toBe(`${n} of ${lines.length} records`);
    };
    const records = results();
    const agent = records.find((r) => r.agent !== undefined)!.agent!;
    await expectFound('run-0025', 1);
    await expectFound(agent, records.filter((r) => r.agent === agent).length);
    // An error reads as the record's page shows it: path, colon, message.
    const schema = records.filter((r) => !r.result.success && r.result.validationErrors?.some((e) => `${e.path}: ${e.message}`.toLowerCase().startsWith('verdict: expected')));
    expect(schema.length).toBeGreaterThan(0);
    await expectFound('verdict: expected', schema.length);
    const wrapped = records.filter((r) => r.result.interventions.some((i) => i.message === 'Removed wrapper key "output" from top level.'));
    expect(wrapped.length).toBeGreaterThan(0);
    await expectFound('wrapper key "output"', wrapped.length);
    const raw = 'Clean refactor of the retry helper';
    await expectFound(raw, lines.filter((l) => outputAt([l], 1).toLowerCase().includes(raw.toLowerCase())).length);
    // The result's own JSON keys are not text of the record.
    await expectFound('"interventions"', 0);
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  });

  it('shows hostile model text as text: scripts, entities and javascript: URLs never run', async () => {
    const outputs = [
      '<script>window.__pwned = 1</script>{"summary": "x", "verdict": "approve", "issues": []}',
      '</script><script>window.__pwned = 2</script><img src=x onerror="window.__pwned = 3">',
      '{"summary": "&lt;b&gt;bold&lt;/b&gt; &amp; &#x3C;script&#x3E;", "verdict": "approve", "issues": [],}',
      '{"summary": "<a href=\\"javascript:window.__pwned = 4\\">click</a>", "verdict": "javascript:window.__pwned=5", "issues": []}',
      '<!-- <script>window.__pwned = 6</script> -->\n```json\n{"summary": "<svg onload=window.__pwned=7>", "verdict": "approve", "issues": []}\n```',
    ];
    const log = outputs.map((output, k) => JSON.stringify({ id: `<i>${k}</i>`, agent: '<script>window.__pwned=8</script>', output }));
    const page = await openReport('xss', [runOfLog(log, sampleContract, '<b>evil</b>.ndjson')]);
    await page.keyboard.press('r');
    for (const [k, output] of outputs.entries()) {
      await page.keyboard.press('j');
      await page.waitForSelector(`[data-testid=record][data-line="${k + 1}"]`);
      expect(await page.getByTestId('raw-text').evaluate((node) => node.textContent)).toBe(output);
      expect(await page.getByTestId('record').locator('h2').innerText()).toContain(`<i>${k}</i>`);
      expect(await page.getByTestId('record').locator('script, img, svg, a[href^="javascript"], iframe').count()).toBe(0);
    }
    await page.screenshot({ path: new URL('xss.png', ARTIFACTS).pathname });
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.locator('script:not([type])').count()).toBe(1);
    expect(problemsOf(page)).toEqual([]);
    await page.close();
  });
});
