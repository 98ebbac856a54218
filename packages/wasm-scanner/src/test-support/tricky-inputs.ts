/**
 * Hand-written inputs at the edges of scan-text.ts's rules; each line names the rule it
 * pushes on so a divergence points at the branch of the port to read.
 */
const many = (s: string, count: number): string => s.repeat(count);

/**
 * Each stop code unit at every lane of the kernel's 8-wide skip and just past it, with a
 * trailing run so a missed stop changes the TRAILING_NOISE span.
 */
function laneCases(): [string, string][] {
  const stops = ['\n```\n', '<a>x</a>', '[200~', '\u007f', '\u0000', '\u001b[0m', '\n[user] '];
  const cases: [string, string][] = [];
  for (const stop of stops) {
    for (let offset = 0; offset <= 17; offset++) {
      cases.push([`lane: ${JSON.stringify(stop)} after ${offset} plain`, 'x'.repeat(offset) + stop + ' \t\r']);
    }
  }
  return cases;
}

export const TRICKY_INPUTS: readonly (readonly [name: string, text: string])[] = [
  ['empty', ''],
  ['single newline', '\n'],
  ['single char', 'x'],
  ['fence: bare open at end', '```'],
  ['fence: bare open + newline (orphan)', '```\n'],
  ['fence: orphan with whitespace body', '```\n \t\r\n\n'],
  ['fence: info, no body', '```json'],
  ['fence: unclosed with body', '```json\n{"a":1}'],
  ['fence: closed', 'Here:\n```json\n{"a":1}\n```\n'],
  ['fence: indented open/close with trailing spaces', '  \t```js \t\n1\n   ```  \t\n'],
  ['fence: longer close needed', '````\n```\nx\n````\n'],
  ['fence: shorter close ignored', '````\nx\n```\n'],
  ['fence: close with text after is not a close', '```\nx\n``` y\n```\n'],
  ['fence: backtick in info does not open', '```a`b\nx\n```\n'],
  ['fence: backtick after info on next line', '```json\n`\n```'],
  ['fence: CRLF', '```json\r\n{"a":1}\r\n```\r\n'],
  ['fence: close at end without newline', '```\nx\n```'],
  ['fence: two fences', '```\na\n```\ntext\n```yaml\nb: 1\n```\n'],
  ['fence: not at line start', 'x ```json\n{}\n```'],
  ['fence: inline code only', 'use `x` and ``y``'],
  ['fence: open then only close-like lines', '```\n````\n'],
  ['prefix: assistant', '[assistant] {"a":1}'],
  ['prefix: upper case', '[ASSISTANT]x'],
  ['prefix: mixed roles per line', '[user] hi\n[System] be nice\n[tool/search]  r\n[model]\n[error/x]'],
  ['prefix: sys vs system', '[sys]a\n[system]b\n[systemx]c\n[sy]d'],
  ['prefix: slash name at the 64 bound', `[assistant/${'x'.repeat(63)}]a\n[user/${'y'.repeat(64)}]b\n[tool/${'z'.repeat(65)}]c`],
  ['prefix: newline inside name', '[assistant/a\nb] x'],
  ['prefix: unterminated at end', '[assistant'],
  ['prefix: role at end', '[assistant/'],
  ['prefix: not at line start', 'x [assistant] y'],
  ['prefix: followed by fence', '[assistant] ```json\n{}\n```'],
  ['prefix: role chars via |32 folding', '[ASSISTANT][@SSISTANT]'],
  ['tag: pair', 'x <answer>{"a":1}</answer> y'],
  ['tag: unclosed', '<answer>{"a":1}'],
  ['tag: orphan close', '</answer>'],
  ['tag: crossed', '<a><b></a></b>'],
  ['tag: nested same name', '<a><a>x</a></a>'],
  ['tag: close pops inner unclosed', '<a><b><c></a><b></b>'],
  ['tag: name chars', '<ns:x-y.z_1>v</ns:x-y.z_1><_u></_u>'],
  ['tag: bad names', '<1a></1a><-a><a b></a b><a/><>'],
  ['tag: 64-char name', `<${'t'.repeat(64)}>x</${'t'.repeat(64)}>`],
  ['tag: 65-char name', `<${'t'.repeat(65)}>x</${'t'.repeat(65)}>`],
  ['tag: lt at end', 'a <'],
  ['tag: name at end', 'a <abc'],
  ['tag: slash at end', 'a </'],
  ['tag: case sensitive', '<A>x</a>'],
  ['tag: more than 256 opens', many('<t>', 300) + many('</t>', 5)],
  ['tag: 256 opens then a closable one', many('<a>', 256) + '<b>x</b></a>'],
  ['tag: closes with deep stack', many('<x>', 200) + many('</y>', 50) + '</x>'],
  ['tag: inside fence', '```\n<a>x</a>\n```\n'],
  ['noise: trailing CSI', '{"a":1}\u001b[0m\n'],
  ['noise: CSI with params and intermediates', 'x\u001b[1;31 m\u001b[?25h'],
  ['noise: ESC [ without final', 'x\u001b[12;'],
  ['noise: OSC with BEL', 'x\u001b]0;title\u0007'],
  ['noise: OSC with ST', 'x\u001b]8;;http://a\u001b\\  '],
  ['noise: OSC unterminated', 'x\u001b]0;title'],
  ['noise: OSC stops at newline', 'x\u001b]0;t\nmore'],
  ['noise: ESC + Fe', 'x\u001bM\u001b_'],
  ['noise: ESC + other', 'x\u001ba\u001b'],
  ['noise: bare ESC at end', 'x\u001b'],
  ['noise: bracketed paste', '[200~{"a":1}[201~'],
  ['noise: partial paste marker', 'x [200 [20'],
  ['noise: C0 and DEL', 'x\u0000\u0008 \u007f\t\r\n'],
  ['noise: not trailing', '\u001b[0mx'],
  ['noise: run broken by text', 'a\u001b[0m b \u001b[1m \n'],
  ['noise: run reset by tag', '\u001b[0m<a>'],
  ['noise: run reset by fence', '\u0000\n```\nx\n```\n'],
  ['noise: run reset by prefix', '\u0000\n[user] '],
  ['noise: whitespace only', ' \t\r\n'],
  ['unicode: surrogate pairs', '🎉 <a>😀</a>\n```\n🎉\n```'],
  ['unicode: lone surrogates', '\ud800 <a>\udc00</a>\n\udbff```\n'],
  ['unicode: non-ASCII around stops', 'é<日>x</日>ü\u0085\u2028'],
  ...laneCases(),
  ['long line', 'x'.repeat(100_000) + '<a>' + 'y'.repeat(50_000) + '</a>\u001b[0m'],
  ['many lines', many('[assistant] a\n```\nb\n```\n', 2000)],
];
