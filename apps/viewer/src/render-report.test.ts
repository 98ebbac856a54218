import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sampleContract } from '../../../examples/contract.js';
import { renderReport } from './render-report.js';
import { INDEX_ELEMENT_ID, type EmbeddedReport, type RecordDetails } from './report-format.js';
import { runOfLog, sampleLogLines } from './test-support/sample-records.js';

function embedded(html: string, id: string): unknown {
  const match = new RegExp(`<script type="([^"]*)" id="${id}">([^<]*)</script>`).exec(html);
  if (match === null) throw new Error(`no element ${id}`);
  return JSON.parse(match[1] === 'application/json' ? match[2]! : gunzipSync(Buffer.from(match[2]!, 'base64')).toString('utf8'));
}

describe('renderReport', () => {
  it('embeds an index of every record and its details in chunks, with no way to the network', async () => {
    const lines = sampleLogLines();
    const html = (await renderReport([runOfLog(lines, sampleContract, 'sample.ndjson')], { chunkSize: 50 })).join('');
    const report = embedded(html, INDEX_ELEMENT_ID) as EmbeddedReport;
    const run = report.runs[0]!;
    expect(run.line).toHaveLength(lines.length);
    expect(run.chunks).toBe(Math.ceil(lines.length / 50));
    const chunk = embedded(html, 'airlock-r0c1') as RecordDetails[];
    expect(chunk[0]!.text).toBe((JSON.parse(lines[50]!) as { output: string }).output);
    expect(run.outcomes[run.outcome[50]!]).toMatch(/^(valid_untouched|valid_repaired|failed:\w+)$/);
    expect(html).not.toMatch(/\b(src|href)=["']?(https?:)?\/\//i);
    expect(html).toContain("default-src 'none'");
  });

  it('cannot be broken out of: model text closing a script or opening a comment stays inside the JSON', async () => {
    const evil = '</script><script>alert(1)</script><!-- <SCRIPT>';
    const run = runOfLog([JSON.stringify({ id: '</script>', agent: '<b>a</b>', output: evil })], sampleContract, '<title>x</title>');
    const html = (await renderReport([run])).join('');
    expect(html.match(/<script/gi)).toHaveLength(3); // index, one chunk, the page script
    expect(html).not.toContain(evil);
    expect((embedded(html, 'airlock-r0c0') as RecordDetails[])[0]!.text).toBe(evil);
    expect(html).toContain('<title>Airlock report: &#60;title&#62;x&#60;/title&#62;</title>');
  });
});
