import { describe, expect, it } from 'vitest';
import { decodeBatchRecord } from './read-batch-output.js';

describe('decodeBatchRecord', () => {
  it('reads a short intervention with the header of the last one of its rule', () => {
    const line = '{"line":2,"id":7,"data":{},"candidate":["raw","json",0,9],"interventions":[["unquoted_key","parse","parser_fix","Quoted a key.",[1,2],null,"a","\\"a\\""],["unquoted_key",[4,5],null,"b","\\"b\\""]],"repaired":true}';
    const { result } = decodeBatchRecord(line);
    expect(result.interventions).toEqual([
      { rule: 'unquoted_key', stage: 'parse', category: 'parser_fix', message: 'Quoted a key.', span: [1, 2], before: 'a', after: '"a"' },
      { rule: 'unquoted_key', stage: 'parse', category: 'parser_fix', message: 'Quoted a key.', span: [4, 5], before: 'b', after: '"b"' },
    ]);
  });

  it.each([
    ['a short intervention with no full one before it', '{"line":1,"id":null,"failure":"syntax","interventions":[["unquoted_key",[1,2]]]}', /no earlier one of its rule/],
    ['a success without candidate', '{"line":1,"id":null,"data":{}}', /a success has no candidate/],
    ['a line number that is not an integer', '{"line":"1","id":null,"failure":"syntax"}', /"line" is not an integer/],
    ['an array', '[1]', /not a JSON object/],
  ])('refuses %s', (_name, line, message) => {
    expect(() => decodeBatchRecord(line)).toThrow(message);
  });
});
