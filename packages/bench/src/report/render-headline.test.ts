import { describe, expect, it } from 'vitest';
import { evaluateRatio } from './evaluate-ratio.js';
import { renderMarkdown } from './render-markdown.js';
import type { BenchResults, MeasurementRow, RatioResult } from './results.js';
import { PROCESS_PEAK_RSS, processDefaultVsNaive } from './targets.js';
import { processCase, processPeakRssId, processSubjectLabel, type ProcessSubjectKey } from './whole-process-names.js';

function row(size: string, key: ProcessSubjectKey, ms: number, isDefault = false): MeasurementRow {
  return { suite: 'macro', case: processCase(size), subject: processSubjectLabel(key, isDefault), bytes: 1, opsPerSec: 1000 / ms, mbPerSec: 1, medianMs: ms, samples: 1, status: 'ok' };
}

function peak(size: string, key: ProcessSubjectKey, mb: number): RatioResult {
  return evaluateRatio({ id: processPeakRssId(size, key), label: 'peak', unit: 'MB', better: 'lower' }, mb);
}

function results(rows: MeasurementRow[], ratios: RatioResult[]): BenchResults {
  return {
    schema: 1,
    createdAt: '2026-11-28T10:00:00.000Z',
    mode: 'full',
    environment: { wasmScanner: 'installed', node: 'v20', platform: 'linux', arch: 'x64', cpus: 2, cpuModel: 'cpu' },
    durationMs: 1000,
    suites: [{ name: 'macro', description: 'macro', status: 'ok', durationMs: 1, rows, ratios, notes: [] }],
    ratios,
  };
}

describe('the headline of the results markdown', () => {
  const rows = [
    row('20MB', 'naive', 2400), row('20MB', 'cli0', 1200), row('20MB', 'cli1', 1500), row('20MB', 'cli2', 960, true),
    row('200MB', 'naive', 20000), row('200MB', 'cli0', 6000), row('200MB', 'cli1', 7000), row('200MB', 'cli2', 4000, true),
    { ...row('20MB', 'naive', 5), case: 'run log 20MB', subject: 'naive pipeline, 1 thread' },
  ];
  const ratios = [
    evaluateRatio(processDefaultVsNaive('20MB'), 2.5),
    evaluateRatio(PROCESS_PEAK_RSS, 190),
    ...(['naive', 'cli0', 'cli1', 'cli2'] as const).flatMap((key, k) => [peak('20MB', key, 100 + k), peak('200MB', key, 150 + k)]),
  ];
  const markdown = renderMarkdown(results(rows, ratios));

  it('comes first, before the targets, as the whole-process table with every peak RSS', () => {
    const section = markdown.slice(markdown.indexOf('## Headline'), markdown.indexOf('## Targets'));
    expect(markdown.indexOf('## Headline')).toBeGreaterThan(0);
    expect(markdown.indexOf('## Headline')).toBeLessThan(markdown.indexOf('## Targets'));
    expect(section).toContain(
      [
        '| log | naive script | inline | 1 thread | 2 threads | peak RSS (2 threads) |',
        '| --- | ---: | ---: | ---: | ---: | ---: |',
        '| 20MB | 2.40 s | 1.20 s (2.00×) | 1.50 s (1.60×) | 0.96 s (2.50×) * | 103 MB |',
        '| 200MB | 20.00 s | 6.00 s (3.33×) | 7.00 s (2.86×) | 4.00 s (5.00×) * | 153 MB |',
        '',
        'Peak RSS of every process (`VmHWM`, all threads): 20MB: naive script 100 MB, inline 101 MB, 1 thread 102 MB, 2 threads 103 MB; 200MB: naive script 150 MB, inline 151 MB, 1 thread 152 MB, 2 threads 153 MB.',
      ].join('\n'),
    );
    // The in-process rows stay in the measurements, not in the headline.
    expect(section).not.toContain('naive pipeline, 1 thread');
  });

  it('marks a subject that did not run and leaves the section out of a run without whole-process rows', () => {
    const partial = renderMarkdown(results(rows.filter((r) => r !== rows[2]), ratios));
    expect(partial).toContain('| 20MB | 2.40 s | 1.20 s (2.00×) | n/a | 0.96 s (2.50×) * | 103 MB |');
    const none = renderMarkdown(results([rows[8]!], []));
    expect(none).not.toContain('## Headline');
    expect(none).toContain('## Targets');
  });
});
