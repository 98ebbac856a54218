/**
 * Writes the report: one HTML file holding its style, its script and its data,
 * so it opens from disk with no server and no network. Data sits in
 * `<script type="application/json">` elements, which the browser neither runs
 * nor decodes; every `<` in it is written as `\u003c`, so no model text can
 * close the element early. Record details are gzip-compressed and base64
 * encoded (no `<` at all), a few times smaller than their JSON.
 */
import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { collectRun, DEFAULT_CHUNK_SIZE, type ReportRunInput } from './collect-run.js';
import { CHUNK_TYPE, chunkElementId, INDEX_ELEMENT_ID, type EmbeddedReport } from './report-format.js';
import { REPORT_STYLE } from './report-style.js';

/** Options of {@link renderReport}. */
export interface RenderReportOptions {
  /** Page title. Default: "Airlock report: <labels>". */
  title?: string;
  /** Shown in the footer, e.g. `airlock 0.1.0`. */
  generatedBy?: string;
  /** Records per lazily parsed detail chunk. */
  chunkSize?: number;
}

let clientScript: string | undefined;

/** The bundled page script: next to this module in dist/, or in dist/ when running from sources. */
function viewerClient(): string {
  if (clientScript !== undefined) return clientScript;
  const candidates = [new URL('./viewer-client.js', import.meta.url), new URL('../dist/viewer-client.js', import.meta.url)];
  for (const url of candidates) {
    try {
      clientScript = readFileSync(url, 'utf8');
      return clientScript;
    } catch {
      // try the next place
    }
  }
  throw new Error('the viewer script is not built (dist/viewer-client.js); run the build first');
}

/** JSON safe inside a `<script>` element: no `<` can start `</script>` or `<!--`. */
function scriptJson(json: string): string {
  return json.replace(/</g, '\\u003c');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Renders a report of one batch output, or a comparison of two outputs of the
 * same log, as the parts of one HTML document (join or stream them).
 *
 * @example
 * const parts = await renderReport([{ label: 'out.ndjson', metadata, records }]);
 * await writeFile('report.html', parts.join(''));
 */
export async function renderReport(runs: readonly ReportRunInput[], options: RenderReportOptions = {}): Promise<string[]> {
  const script = viewerClient();
  const collected = [];
  for (const run of runs) collected.push(await collectRun(run, options.chunkSize ?? DEFAULT_CHUNK_SIZE));
  const title = options.title ?? `Airlock report: ${runs.map((r) => r.label).join(' vs ')}`;
  const report: EmbeddedReport = { title, generatedBy: options.generatedBy ?? 'airlock', runs: collected.map((c) => c.run) };
  const parts = [
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8">',
    '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; script-src \'unsafe-inline\'; style-src \'unsafe-inline\'; img-src data:">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title><style>${REPORT_STYLE}</style></head>\n<body>`,
    '<noscript>This report needs JavaScript to show its records.</noscript>\n',
    `<script type="application/json" id="${INDEX_ELEMENT_ID}">${scriptJson(JSON.stringify(report))}</script>\n`,
  ];
  // The page script comes before the detail chunks: the list is usable while the browser still parses them.
  parts.push(`<script>${script.replace(/<\/(script)/gi, '<\\/$1')}</script>\n`);
  collected.forEach(({ chunks }, r) => {
    chunks.forEach((bytes, c) => parts.push(`<script type="${CHUNK_TYPE}" id="${chunkElementId(r, c)}">${bytes.toString('base64')}</script>\n`));
  });
  parts.push('</body></html>\n');
  return parts;
}

/**
 * Renders a report and writes it to a file, part by part.
 *
 * @example
 * await writeReport('report.html', [{ label: 'out.ndjson', metadata, records }]);
 */
export async function writeReport(path: string, runs: readonly ReportRunInput[], options: RenderReportOptions = {}): Promise<void> {
  const parts = await renderReport(runs, options);
  const handle = await open(path, 'w');
  try {
    for (const part of parts) await handle.write(part);
  } finally {
    await handle.close();
  }
}
