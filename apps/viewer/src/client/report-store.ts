/**
 * Reads the embedded report: the index at load, each detail chunk the first
 * time one of its records is needed (base64 → gunzip with the browser's own
 * DecompressionStream → JSON), then cached.
 */
import { chunkElementId, INDEX_ELEMENT_ID, type EmbeddedReport, type RecordDetails } from '../report-format.js';
import { searchText } from './search-text.js';

/** The report's data as the page uses it. */
export interface ReportStore {
  report: EmbeddedReport;
  /** Details of record `k` (file order) of run `run`. */
  details(run: number, k: number): Promise<RecordDetails | undefined>;
  /** Loads what {@link searchText} needs for every record of a run. */
  prepareSearch(run: number): Promise<void>;
  /** Lower-cased searchable text of a record's details (see `searchText`); after {@link prepareSearch}. */
  searchText(run: number, k: number): string;
}

/** The text of a data element; the chunks follow the page script, so one may still be on its way. */
async function elementText(id: string): Promise<string | undefined> {
  if (document.getElementById(id) === null && document.readyState === 'loading') {
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  }
  return document.getElementById(id)?.textContent ?? undefined;
}

async function gunzipJson<T>(base64: string): Promise<T> {
  const binary = atob(base64.trim());
  const bytes = new Uint8Array(binary.length);
  for (let k = 0; k < binary.length; k++) bytes[k] = binary.charCodeAt(k);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return JSON.parse(await new Response(stream).text()) as T;
}

/** Opens the report embedded in the page. */
export function openReportStore(): ReportStore {
  const index = document.getElementById(INDEX_ELEMENT_ID);
  if (index === null) throw new Error('this page holds no Airlock report data');
  const report = JSON.parse(index.textContent ?? 'null') as EmbeddedReport;
  const chunks = new Map<string, Promise<RecordDetails[]>>();
  const texts = new Map<number, string[]>();
  const chunkOf = (run: number, c: number): Promise<RecordDetails[]> => {
    const key = `${run}:${c}`;
    let chunk = chunks.get(key);
    if (chunk === undefined) {
      chunk = elementText(chunkElementId(run, c)).then((text) => (text === undefined ? [] : gunzipJson<RecordDetails[]>(text)));
      chunks.set(key, chunk);
    }
    return chunk;
  };
  return {
    report,
    async details(run, k) {
      const size = report.runs[run]!.chunkSize;
      return (await chunkOf(run, Math.floor(k / size)))[k % size];
    },
    async prepareSearch(run) {
      if (texts.has(run)) return;
      const data = report.runs[run]!;
      const all: string[] = [];
      for (let c = 0; c < data.chunks; c++) {
        // Decompress without caching the parsed chunk: searching all records must not keep them all.
        const text = chunks.has(`${run}:${c}`) ? undefined : await elementText(chunkElementId(run, c));
        const chunk = text === undefined ? await chunkOf(run, c) : await gunzipJson<RecordDetails[]>(text);
        for (const d of chunk) all.push(searchText(d));
      }
      texts.set(run, all);
    },
    searchText(run, k) {
      return texts.get(run)?.[k] ?? '';
    },
  };
}
