import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { naivePipeline } from './naive-pipeline.js';
import { regexExtract } from './regex-extract.js';

const schema = z.object({ a: z.number() });

describe('naive pipeline', () => {
  it('extracts fences and tags with regexes', () => {
    expect(regexExtract('x\n```json\n{"a":1}\n```\n<T>b</T>')).toEqual([
      { kind: 'fence', info: 'json', body: '{"a":1}\n' },
      { kind: 'tag', info: 'T', body: 'b' },
    ]);
  });

  it('falls back from JSON.parse to jsonrepair to yaml.parse', () => {
    expect(naivePipeline('Here:\n```json\n{"a":1,}\n```', schema)).toEqual({ success: true, data: { a: 1 } });
    expect(naivePipeline('```yaml\na: 2\n```', schema)).toEqual({ success: true, data: { a: 2 } });
    expect(naivePipeline('Result {"a": 3} done', schema)).toEqual({ success: true, data: { a: 3 } });
  });

  it('reports schema failures apart from parse failures', () => {
    expect(naivePipeline('{"a":"x"}', schema)).toEqual({ success: false, stage: 'schema' });
  });
});
