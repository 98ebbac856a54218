/**
 * The HTML report at scale: a report of 100,000 records is written and opened
 * in Debian's Chromium (the viewer's own measuring helper), and the time until
 * it is usable, until all data is parsed, and to filter and open a record are
 * recorded. Without a Chromium (off CI) the suite records why and moves on.
 */
import { REPORT_LOAD_100K } from '../report/targets.js';
import { packagesPath, tryImport } from '../optional/try-import.js';
import type { Suite } from './suite.js';

/** The figures the viewer's measuring helper returns (it lives outside the bench's program). */
type ReportLoadFigures = Record<'htmlBytes' | 'renderMs' | 'loadMs' | 'allDataMs' | 'filterMs' | 'openMs', number>;

type MeasureReportLoad = (options: { records: number; dir: string }) => Promise<ReportLoadFigures | undefined>;

const RECORDS = 100_000;

export const reportSuite: Suite = {
  name: 'report',
  description: `HTML report of ${RECORDS.toLocaleString('en')} records in headless Chromium: render, load, filter, open`,
  async run(ctx, rec) {
    const imported = await tryImport(packagesPath('../apps/viewer/src/test-support/measure-report-load.ts'));
    const measure = imported.ok ? (imported.module['measureReportLoad'] as MeasureReportLoad | undefined) : undefined;
    if (measure === undefined) {
      rec.unavailable('report', 'measureReportLoad', imported.ok ? 'no measureReportLoad export' : imported.reason);
      return;
    }
    ctx.log(`report: rendering and opening ${RECORDS} records`);
    const figures = await measure({ records: RECORDS, dir: ctx.tmpDir });
    if (figures === undefined) {
      rec.unavailable('report', 'Chromium', 'no Chromium on this machine (see the message above)');
      return;
    }
    const size = `${(figures.htmlBytes / 1e6).toFixed(1)} MB of HTML`;
    rec.timed(`${RECORDS} records`, 'render (Node: collect, compress, write)', figures.renderMs, figures.htmlBytes, size);
    rec.timed(`${RECORDS} records`, 'load until usable (Chromium)', figures.loadMs, figures.htmlBytes, size);
    rec.timed(`${RECORDS} records`, 'load until all data parsed (Chromium)', figures.allDataMs, figures.htmlBytes, size);
    rec.timed(`${RECORDS} records`, 'filter by a rule (Chromium)', figures.filterMs, 0);
    rec.timed(`${RECORDS} records`, 'open a record (Chromium)', figures.openMs, 0);
    rec.ratio(REPORT_LOAD_100K, figures.loadMs, `${size}; all data parsed after ${(figures.allDataMs / 1000).toFixed(2)} s`);
  },
};
