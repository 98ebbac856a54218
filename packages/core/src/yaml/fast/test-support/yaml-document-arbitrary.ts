/**
 * fast-check generators of YAML texts for the fast loader's differential
 * test: value trees rendered in every style the fast path claims (plain,
 * quoted, block scalars, compact and flow collections, comments, CRLF) plus
 * plenty it must refuse, and random edits of realistic artifacts.
 */
import fc from 'fast-check';

export type DocNode =
  | { kind: 'scalar'; text: string }
  | { kind: 'map'; entries: [string, DocNode][] }
  | { kind: 'seq'; items: DocNode[] };

/** Scalars that look like other types, or hit an indicator, in YAML. */
export const TRICKY_SCALARS = [
  '1_000', '0b1', '1e3', '.5', '+.5', '-.5', '0o17', '0o8', '012', '-0', '+0', '0x1F', '0X1F', '0xff', '-0x1', '1.', '1.e3', '1e', '.e3',
  '.inf', '-.inf', '+.Inf', '.INF', '.NaN', '.nan', '-.nan', '1E3', '-1e-3', '+1e+3', '00', '0.0', '-0.0', '0.10', '1__0', '0.1_0',
  '12345678901234567890', '9007199254740993', '1e400', '2024-01-01', '2025-03-14T09:21:07Z', '12:30', '1:2',
  '~', 'null', 'Null', 'NULL', 'nUll', 'true', 'True', 'TRUE', 'tRue', 'false', 'False', 'FALSE', 'yes', 'no', 'on', 'off', 'y', 'n',
  '<<', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', '', ' ', 'a b', 'a: b', 'a:b', 'a #b', 'a#b', '#a',
  '- a', '-a', '-', '? a', '?a', ':a', 'a:', '&a', '*a', '!a', '!!str', '|', '>', '|-', '[a]', '{a: 1}', 'a, b', 'a]', '%a', '@a',
  '`a', '"a"', "'a'", "it's", 'say "hi"', 'back\\slash', 'tab\there', ' lead', 'trail ', 'ünïcødé', '日本語', '😀 emoji',
  '\u00a0nbsp', 'a\u2003b', '---', '...', '--- a', 'a\nb', 'line1\nline2\n', '\nlead', 'x\n\ny', '  indented\nmore', 'x\n\n',
  'http://example.com/a?b=c#d', 'C:\\path', 'a\\nb', '\u00e9\u0301', '\uffff', 'a\u0085b', '\x07bell',
];

const TRICKY_CHARS = [
  'a', 'b', 'z', 'A', ' ', ' ', ':', '#', '-', '"', "'", '\\', '\t', '\n', '\r', 'é', '😀', '[', ']', '{', '}', ',', '|', '>',
  '&', '*', '!', '%', '@', '`', '?', '.', '0', '1', '9', 'e', 'x', '+', '~', '\u00a0', '_', 'o',
];

const scalarText = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...TRICKY_SCALARS) },
  { weight: 3, arbitrary: fc.string({ unit: fc.constantFrom(...TRICKY_CHARS), maxLength: 12 }) },
  { weight: 3, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_ ]{0,15}$/) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
);

const keyText = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[a-z][a-z0-9_]{0,10}$/) },
  { weight: 2, arbitrary: fc.constantFrom(...TRICKY_SCALARS) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...TRICKY_CHARS), maxLength: 6 }) },
);

/** Value trees of bounded size and depth. */
export const docNode: fc.Arbitrary<DocNode> = fc.letrec<{ node: DocNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarText.map((text): DocNode => ({ kind: 'scalar', text })),
    fc.array(fc.tuple(keyText, tie('node')), { maxLength: 5 }).map((entries): DocNode => ({ kind: 'map', entries })),
    fc.array(tie('node'), { maxLength: 5 }).map((items): DocNode => ({ kind: 'seq', items })),
  ),
})).node;

/** Tiny deterministic PRNG, so one generated seed drives every rendering choice. */
function prng(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
}

const DQ_ESCAPES: Record<string, string[]> = {
  '\n': ['\\n'], '\t': ['\\t', '\t', '\\x09'], '\\': ['\\\\'], '"': ['\\"', '\\x22'], '\r': ['\\r'], '\u0085': ['\\N'],
  '\u00a0': ['\\_', '\\u00a0', '\u00a0'], '\x07': ['\\a'], '/': ['\\/', '/'], ' ': [' ', '\\ ', '\\x20'], 'é': ['\\u00e9', '\\U000000e9', 'é'],
  '😀': ['\\U0001F600', '\\ud83d\\ude00', '😀'], '\uffff': ['\\uffff'],
};

function doubleQuoted(text: string, rnd: (n: number) => number): string {
  let out = '"';
  for (const ch of text) {
    const options = DQ_ESCAPES[ch];
    if (options !== undefined) out += options[rnd(options.length)]!;
    else if (ch < ' ' || ch === '\x7f') out += `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + '"';
}

/** An inline rendering of a scalar: plain (raw, maybe invalid), single- or double-quoted. */
function inlineScalar(text: string, rnd: (n: number) => number): string {
  const style = rnd(6);
  if (style < 3) return text;
  if (style < 5) return doubleQuoted(text, rnd);
  return `'${text.replaceAll("'", "''")}'`;
}

function blockScalar(text: string, indent: number, rnd: (n: number) => number): string[] {
  const header = (rnd(2) === 0 ? '|' : '>') + ['', '-', '+'][rnd(3)]! + (rnd(8) === 0 ? ' # note' : '');
  const pad = ' '.repeat(indent);
  const body = text.split('\n').map((line) => (line === '' ? ' '.repeat(rnd(3) === 0 ? rnd(indent + 2) : 0) : pad + line));
  return [header, ...body];
}

/** A plain scalar broken across lines at its spaces (sometimes with blank lines), the way models wrap long values. */
function wrappedPlain(text: string, indent: number, rnd: (n: number) => number): string[] {
  const lines = [''];
  for (const [i, word] of text.split(' ').entries()) {
    if (i > 0 && rnd(2) === 0) {
      if (rnd(4) === 0) lines.push('');
      lines.push(' '.repeat(indent + rnd(2)) + word);
    } else {
      lines[lines.length - 1] += (i > 0 ? ' ' : '') + word;
    }
  }
  return lines;
}

function comment(rnd: (n: number) => number): string {
  return rnd(6) === 0 ? ' # c: #x' : '';
}

interface Layout {
  rnd: (n: number) => number;
  step: number;
}

function isScalarOnly(node: DocNode): boolean {
  if (node.kind === 'scalar') return true;
  return node.kind === 'seq' ? node.items.every((n) => n.kind === 'scalar') : node.entries.every(([, n]) => n.kind === 'scalar');
}

function flow(node: DocNode, rnd: (n: number) => number): string {
  if (node.kind === 'scalar') return inlineScalar(node.text, rnd);
  const sep = rnd(3) === 0 ? ',' : ', ';
  const tail = rnd(5) === 0 ? ',' : '';
  if (node.kind === 'seq') return `[${node.items.map((n) => flow(n, rnd)).join(sep)}${tail}]`;
  return `{${node.entries.map(([k, v]) => `${inlineScalar(k, rnd)}: ${flow(v, rnd)}`).join(sep)}${tail}}`;
}

/** Renders `node` as the value after a `key:` or `- ` whose line starts with `head`. */
function renderValue(node: DocNode, head: string, indent: number, out: string[], lay: Layout, underKey: boolean): void {
  const { rnd, step } = lay;
  const child = indent + step;
  if (node.kind === 'scalar') {
    const choice = rnd(8);
    if (choice === 0) out.push(...withHead(head, blockScalar(node.text, child, rnd)));
    else if (choice === 2) out.push(...withHead(head, wrappedPlain(node.text, child - (underKey ? 0 : 1), rnd)));
    else if (choice === 1) out.push(head.trimEnd(), ' '.repeat(child) + inlineScalar(node.text, rnd));
    else out.push(head + inlineScalar(node.text, rnd) + comment(rnd));
    return;
  }
  const empty = node.kind === 'seq' ? node.items.length === 0 : node.entries.length === 0;
  if (empty || (isScalarOnly(node) && rnd(4) === 0)) {
    out.push(head + flow(node, rnd) + comment(rnd));
    return;
  }
  if (!underKey && rnd(2) === 0) {
    // Compact form: the collection starts on the `- ` line itself.
    renderBlock(node, head.length, out, lay, head);
    return;
  }
  out.push(head.trimEnd() + comment(rnd));
  const sameIndentSeq = underKey && node.kind === 'seq' && rnd(2) === 0;
  renderBlock(node, sameIndentSeq ? indent : child, out, lay, undefined);
}

function withHead(head: string, lines: string[]): string[] {
  return [head + lines[0]!, ...lines.slice(1)];
}

/** A block collection at `indent`; its first line starts with `firstHead` when compact. */
function renderBlock(node: DocNode, indent: number, out: string[], lay: Layout, firstHead: string | undefined): void {
  const pad = ' '.repeat(indent);
  const { rnd } = lay;
  const rows = node.kind === 'map' ? node.entries : node.kind === 'seq' ? node.items.map((n): [string, DocNode] => ['', n]) : [];
  rows.forEach(([key, value], i) => {
    if (i > 0 && rnd(10) === 0) out.push(rnd(2) === 0 ? '' : ' '.repeat(rnd(indent + 3)) + '# comment line');
    const lead = i === 0 && firstHead !== undefined ? firstHead : pad;
    const head = node.kind === 'map' ? `${lead}${rnd(3) === 0 ? inlineScalar(key, rnd) : key}: ` : `${lead}- `;
    renderValue(value, head, indent, out, lay, node.kind === 'map');
  });
}

/** A whole document: a tree rendered with random layout, comments, markers and line endings. */
export const yamlDocument: fc.Arbitrary<string> = fc
  .tuple(docNode, fc.integer(), fc.integer({ min: 1, max: 4 }))
  .map(([node, seed, step]) => {
    const rnd = prng(seed);
    const out: string[] = [];
    if (rnd(4) === 0) out.push('# generated');
    if (rnd(4) === 0) out.push(rnd(3) === 0 ? '--- # start' : '---');
    if (node.kind === 'scalar') out.push(inlineScalar(node.text, rnd));
    else if (isScalarOnly(node) && rnd(5) === 0) out.push(flow(node, rnd));
    else renderBlock(node, rnd(6) === 0 ? 2 : 0, out, { rnd, step }, undefined);
    const eol = rnd(4) === 0 ? '\r\n' : '\n';
    const lines = out.map((line) => (rnd(12) === 0 ? line + ' ' : line));
    // Models often end with an unterminated whitespace line; block scalars must not count it as a line break.
    return lines.join(eol) + (rnd(3) === 0 ? '' : eol) + (rnd(6) === 0 ? ' '.repeat(rnd(6)) : '');
  });

const EDIT_CHARS = [' ', '  ', ':', ': ', '#', ' #', '-', '- ', '\t', '"', "'", '\n', '\r\n', '|', '>', '&a ', '*a', '!t ', '[', ']', '{', '}', ',', '? ', '---\n', '\\', 'x'];

/** Random small edits (insert, delete, duplicate a line) of the given texts. */
export function editedText(texts: readonly string[]): fc.Arbitrary<string> {
  const edit = fc.tuple(fc.nat(), fc.nat({ max: 2 }), fc.constantFrom(...EDIT_CHARS));
  return fc.tuple(fc.constantFrom(...texts), fc.array(edit, { minLength: 1, maxLength: 3 })).map(([text, edits]) => {
    let t = text;
    for (const [pos, op, chars] of edits) {
      const at = pos % (t.length + 1);
      if (op === 0) t = t.slice(0, at) + chars + t.slice(at);
      else if (op === 1) t = t.slice(0, at) + t.slice(at + 1 + (pos % 3));
      else {
        const start = t.lastIndexOf('\n', at - 1) + 1;
        const end = t.indexOf('\n', at);
        const line = t.slice(start, end === -1 ? t.length : end + 1);
        t = t.slice(0, start) + line + (line.endsWith('\n') ? '' : '\n') + t.slice(start);
      }
    }
    return t;
  });
}

const BLOCK_LINE = fc.tuple(fc.nat({ max: 6 }), fc.constantFrom('', '', 'x', 'y z', ' w', '\tt', '# h', '- d', 'k: v'));

/**
 * Small documents around one block scalar: every header, ragged indentation,
 * blank and whitespace-only lines, tabs, and every way the text can end.
 */
export const blockScalarDocument: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('a: ', '- ', '  a: ', '- a: ', 'a:\n  - ', 'a:\n- b: '),
    fc.constantFrom('|', '>'),
    fc.constantFrom('', '-', '+'),
    fc.constantFrom('', ' ', ' # h'),
    fc.array(BLOCK_LINE, { maxLength: 6 }),
    fc.constantFrom('', '\n', '\n\n', '\nb: 1\n', '\n- c\n', '\n  '),
    fc.constantFrom('\n', '\r\n'),
  )
  .map(([head, style, chomp, after, lines, end, eol]) =>
    (head + style + chomp + after + lines.map(([n, t]) => eol + ' '.repeat(n) + t).join('') + end).replaceAll('\n', eol).replaceAll('\r\r', '\r'),
  );
