import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlank, isComment, toLines, type YamlLine } from '../line-table.js';
import { keyName, readEntry } from '../yaml-entry.js';
import { listParentKey } from './list-parent-key.js';

/** The walk back the one-pass answer replaces, as the reference. */
function walkBack(lines: readonly YamlLine[], i: number, indent: number): string | null {
  for (let j = i - 1; j >= 0; j--) {
    const text = lines[j]!.text;
    if (isBlank(text) || isComment(text)) continue;
    const e = readEntry(text);
    if (e.indent > indent) continue;
    if (e.indent === indent && e.dash) continue;
    if (e.key !== null && e.value === '' && (e.indent < indent || !e.dash)) return keyName(e.key);
    return null;
  }
  return null;
}

const line = fc
  .tuple(fc.constantFrom('', '  ', '    ', '      '), fc.constantFrom('', '- ', '- - '), fc.constantFrom('beads:', 'items:', 'id: a', 'x', '# c', '', 'b:'))
  .map(([pad, dash, body]) => pad + dash + body);

describe('listParentKey', () => {
  it('finds the owner of a list entry', () => {
    const lines = toLines('beads:\n  - a\n  - b\n  -\n    title: x\n  - c');
    expect([1, 2, 3, 5].map((i) => listParentKey(lines, i, 2))).toEqual(['beads', 'beads', 'beads', 'beads']);
  });

  it('answers every line as the walk back does', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (texts) => {
        const lines = toLines(texts.join('\n'));
        for (let i = 0; i < lines.length; i++) {
          // Callers ask about entry lines, never about blank or comment lines.
          if (isBlank(lines[i]!.text) || isComment(lines[i]!.text)) continue;
          const indent = readEntry(lines[i]!.text).indent;
          expect(listParentKey(lines, i, indent)).toBe(walkBack(lines, i, indent));
        }
      }),
    );
  });
});
