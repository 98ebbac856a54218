/**
 * What a "no data lost" check compares: the words of every scalar a YAML text
 * holds (keys excluded, quotes and list dashes stripped), and the words a
 * value or an intervention holds.
 */

const WORD = /[\p{L}\p{N}_]{3,}/gu;

/** The line up to its comment: the first ` #` with an even number of double quotes before it. */
function withoutComment(line: string): string {
  for (let at = line.indexOf(' #'); at >= 0; at = line.indexOf(' #', at + 1)) {
    if ((line.slice(0, at).match(/"/g) ?? []).length % 2 === 0) return line.slice(0, at);
  }
  return line;
}

/** The value part of each content line: after `key:`, after `- `, or the whole line (a continuation). */
function scalarTexts(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim();
    if (line === '' || line.startsWith('#') || /^(?:```|<\/?[A-Za-z_]+>$)/.test(line)) continue;
    line = line.replace(/^(?:-[ \t]*)+/, '');
    const key = /^["']?[^\s"':][^:]*?["']?:(?:[ \t]+|$)/.exec(line);
    if (key !== null && !/^[`@]/.test(line)) line = line.slice(key[0].length);
    // Comments and escape sequences are not data (`"caf\u00e9"` holds the word café).
    line = withoutComment(line);
    out.push(line.replace(/\\(?:u[0-9A-Fa-f]{4}|x[0-9A-Fa-f]{2})/g, " "));
  }
  return out;
}

/**
 * The words (three or more letters or digits) of the scalars of a YAML text.
 *
 * @example
 * scalarWords('title: Fix login\n- id: Q01') // ['Fix', 'login', 'Q01']
 */
export function scalarWords(text: string): string[] {
  return scalarTexts(text).flatMap((t) => t.match(WORD) ?? []);
}

/**
 * Every word the value holds, in its strings, numbers and keys.
 *
 * @example
 * valueWords({ a: ['Fix login', 2024] }) // Set { 'Fix', 'login', '2024' }
 */
export function valueWords(value: unknown): Set<string> {
  return new Set(JSON.stringify(value ?? null).replace(/\\n/g, ' ').match(WORD) ?? []);
}
