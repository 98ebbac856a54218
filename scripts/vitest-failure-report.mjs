/**
 * The part of a vitest report that names what failed, for a log whose tail is all a reader
 * sees: from vitest's first failure banner on, colours and progress dots taken out, at most
 * 8,000 characters. With no banner (a run killed, a crash before the summary) the last 8,000.
 *
 * @example
 * failureReport(output) // ' FAIL  a.test.mjs > fails on purpose\nAssertionError: …'
 */
export function failureReport(output) {
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '').replace(/·/g, '');
  // The first banner vitest prints for a failure; a test's own output may say "Error" anywhere.
  const banner = ['Failed Suites', 'Failed Tests', 'Unhandled Error'].map((title) => plain.indexOf(title)).filter((at) => at >= 0);
  const report = banner.length > 0 ? plain.slice(Math.min(...banner)) : plain.slice(-REPORT_CHARS);
  return report.length > REPORT_CHARS ? `${report.slice(0, REPORT_CHARS)}\n[… ${report.length - REPORT_CHARS} more characters: the suite's output above has them]` : report;
}

const REPORT_CHARS = 8_000;
