import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlank, isComment, toLines, type YamlLine } from '../line-table.js';
import { readEntry } from '../yaml-entry.js';
import { repairDashSpacing } from './repair-dash-spacing.js';

const GLUED_DASH = /^( *)-(?=[A-Za-z_][\w-]*:(?:[ \t]|$))/;

/** The walk back per glued line that the one-pass answer replaces, as the reference. */
function reference(lines: readonly YamlLine[]): string[] {
  const inSequence = (i: number, indent: number): boolean => {
    for (let j = i - 1; j >= 0; j--) {
      const text = lines[j]!.text;
      if (isBlank(text) || isComment(text)) continue;
      const glued = GLUED_DASH.exec(text);
      const e = readEntry(text);
      if (e.indent > indent) continue;
      if (e.indent === indent) return e.dash || (glued !== null && glued[1]!.length === indent) || (e.key !== null && e.value === '');
      return e.key !== null && e.value === '';
    }
    return false;
  };
  return lines.map((line, i) => {
    const match = GLUED_DASH.exec(line.text);
    return match !== null && inSequence(i, match[1]!.length) ? `${line.text.slice(0, match[0].length)} ${line.text.slice(match[0].length)}` : line.text;
  });
}

const line = fc
  .tuple(fc.constantFrom('', '  ', '    '), fc.constantFrom('-a: 1', '-b:', '- c: 1', 'items:', 'k: v', '# note', '', 'x'))
  .map(([pad, body]) => pad + body);

describe('repairDashSpacing', () => {
  it('inserts the space where the line sits in a sequence', () => {
    expect(repairDashSpacing(toLines('items:\n  -id: a\n  -id: b')).lines.map((l) => l.text)).toEqual(['items:', '  - id: a', '  - id: b']);
    expect(repairDashSpacing(toLines('-key: 1')).lines.map((l) => l.text)).toEqual(['-key: 1']);
  });

  it('decides every line as the walk back does', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 25 }), (texts) => {
        const lines = toLines(texts.join('\n'));
        expect(repairDashSpacing(lines).lines.map((l) => l.text)).toEqual(reference(lines));
      }),
      { numRuns: 500 },
    );
  });
});
