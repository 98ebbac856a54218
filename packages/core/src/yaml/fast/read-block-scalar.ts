/**
 * Literal (`|`) and folded (`>`) block scalars with chomping indicators and
 * auto-detected indentation, folded the way `yaml` folds them.
 */
import { fastYamlBail } from './fast-yaml-bail.js';
import { expectLineEnd, type FastYamlState } from './yaml-lines.js';
import { codeAt } from '../../code-at.js';

type Chomp = 'clip' | 'strip' | 'keep';

function readHeader(line: string, at: number): { chomp: Chomp; end: number } {
  let chomp: Chomp = 'clip';
  let i = at + 1;
  const c = codeAt(line, i);
  if (c === 0x2b || c === 0x2d) {
    chomp = c === 0x2b ? 'keep' : 'strip';
    i += 1;
  }
  const d = codeAt(line, i);
  // An explicit indentation indicator depends on the parent's indentation rules; `yaml` handles it.
  if (d >= 0x30 && d <= 0x39) fastYamlBail('block_indent_indicator');
  return { chomp, end: i };
}

function foldLines(texts: readonly string[], last: number): string {
  let result = '';
  let emptyLines = 0;
  let didRead = false;
  let moreIndented = false;
  for (let k = 0; k <= last; k += 1) {
    const t = texts[k]!;
    if (t.length === 0) {
      emptyLines += 1;
      continue;
    }
    const c = t.charCodeAt(0);
    if (c === 0x20 || c === 0x09) {
      moreIndented = true;
      result += '\n'.repeat(didRead ? emptyLines + 1 : emptyLines);
    } else if (moreIndented) {
      moreIndented = false;
      result += '\n'.repeat(emptyLines + 1);
    } else if (emptyLines === 0) {
      if (didRead) result += ' ';
    } else {
      result += '\n'.repeat(emptyLines);
    }
    result += t;
    didRead = true;
    emptyLines = 0;
  }
  return result;
}

/**
 * Reads a block scalar whose header (`|`, `>-`, `|+` …) sits at `at` on the
 * current line; `parentIndent` is the indentation of the collection holding
 * it. Leaves the cursor on the first line after the scalar.
 *
 * @example
 * // lines ['a: |', '  x'], cursor 0 → 'x\n', cursor 2
 * readBlockScalar(state, 'a: |', 3, 0)
 */
export function readBlockScalar(st: FastYamlState, line: string, at: number, parentIndent: number): string {
  const folded = line.charCodeAt(at) === 0x3e;
  const header = readHeader(line, at);
  expectLineEnd(line, header.end, 'block_header_content');
  const { lines } = st;
  const texts: string[] = [];
  let indent = -1;
  let leadingBlank = 0;
  let last = -1;
  let i = st.line + 1;
  for (; i < lines.length; i += 1) {
    const l = lines[i]!;
    const ind = st.indents[i]!;
    if (ind === l.length) {
      // An unterminated blank last line holds no line break, so keep-chomping has nothing to keep from it.
      if (st.openEnd && i === lines.length - 1 && (indent === -1 || ind <= indent)) {
        // …except that `yaml` reads a lone one right after the header as one kept line break: too quirky to mirror.
        if (texts.length === 0 && header.chomp === 'keep') fastYamlBail('block_scalar_end');
        continue;
      }
      if (indent === -1) {
        if (ind > leadingBlank) leadingBlank = ind;
        texts.push('');
      } else if (ind > indent) {
        // Spaces beyond the indentation are content (a more-indented line) in both styles.
        texts.push(l.slice(indent));
        last = texts.length - 1;
      } else {
        texts.push('');
      }
      continue;
    }
    if (indent === -1) {
      if (ind <= parentIndent) break;
      if (leadingBlank > ind) fastYamlBail('block_scalar_indent');
      indent = ind;
    } else if (ind < indent) {
      break;
    }
    texts.push(l.slice(indent));
    last = texts.length - 1;
  }
  // Trailing blank lines past the end of the text are not part of any scalar in `yaml` either way.
  st.line = i;
  // `yaml` words a tab-led line after a block scalar as the scalar's indentation error.
  if (i < lines.length && lines[i]!.charCodeAt(0) === 0x09) fastYamlBail('block_scalar_tab');
  const body = last === -1 ? '' : folded ? foldLines(texts, last) : texts.slice(0, last + 1).join('\n');
  if (header.chomp === 'strip') return body;
  const head = last === -1 ? '' : body + '\n';
  if (header.chomp === 'clip') return head;
  return head + '\n'.repeat(texts.length - 1 - last);
}
