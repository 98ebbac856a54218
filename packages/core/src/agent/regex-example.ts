/**
 * The shortest plain string a simple regular expression matches, for example
 * values of pattern-checked strings (`^EPIC-\d+$` → `EPIC-1`). Handles what id
 * and hash patterns use: literals, escapes, `\d \w \s`, character classes,
 * groups (first alternative), and `? * + {n} {n,} {n,m}`. Anything else gives
 * undefined, and every answer is checked against the regex itself.
 */

const MAX_EXAMPLE_LENGTH = 256;

/** A single character the atom at `pattern[i]` matches, and where the atom ends. */
function atom(pattern: string, i: number): { text: string; end: number } | undefined {
  const c = pattern[i]!;
  if (c === '\\') {
    const e = pattern[i + 1];
    if (e === undefined) return undefined;
    const classes: Record<string, string> = { d: '1', w: 'a', s: ' ' };
    if (classes[e] !== undefined) return { text: classes[e], end: i + 2 };
    if (/[A-Za-z0-9]/.test(e)) return undefined; // \b, \D, \u…: not worth guessing
    return { text: e, end: i + 2 };
  }
  if (c === '[') {
    const close = pattern.indexOf(']', i + 2);
    if (close < 0 || pattern[i + 1] === '^') return undefined;
    const first = pattern[i + 1] === '\\' ? pattern.slice(i + 1, i + 3) : pattern[i + 1]!;
    const text = first === '\\d' ? '1' : first === '\\w' ? 'a' : first.startsWith('\\') ? first.slice(1) : first;
    return { text, end: close + 1 };
  }
  if (c === '(') {
    let depth = 0;
    for (let j = i; j < pattern.length; j++) {
      if (pattern[j] === '\\') j++;
      else if (pattern[j] === '(') depth++;
      else if (pattern[j] === ')' && --depth === 0) {
        const body = pattern.slice(i + 1, j).replace(/^\?:/, '');
        const text = sequence(firstAlternative(body));
        return text === undefined ? undefined : { text, end: j + 1 };
      }
    }
    return undefined;
  }
  if (c === '.') return { text: 'a', end: i + 1 };
  if ('|)?*+{}^$'.includes(c)) return undefined;
  return { text: c, end: i + 1 };
}

/** The top-level first branch of an alternation. */
function firstAlternative(body: string): string {
  let depth = 0;
  for (let j = 0; j < body.length; j++) {
    if (body[j] === '\\') j++;
    else if (body[j] === '(' || body[j] === '[') depth++;
    else if (body[j] === ')' || body[j] === ']') depth--;
    else if (body[j] === '|' && depth === 0) return body.slice(0, j);
  }
  return body;
}

/** How many times the atom repeats: the least count its quantifier allows (at least once for `+`). */
function quantifier(pattern: string, i: number): { count: number; end: number } {
  const q = pattern[i];
  if (q === '?' || q === '*') return { count: 0, end: i + 1 };
  if (q === '+') return { count: 1, end: i + 1 };
  const braces = q === '{' ? /^\{(\d+)(?:,\d*)?\}/.exec(pattern.slice(i)) : null;
  if (braces !== null) return { count: Number(braces[1]), end: i + braces[0].length };
  return { count: 1, end: i };
}

function sequence(pattern: string): string | undefined {
  let out = '';
  for (let i = 0; i < pattern.length; ) {
    const found = atom(pattern, i);
    if (found === undefined) return undefined;
    const { count, end } = quantifier(pattern, found.end);
    // A lazy marker after a quantifier changes nothing for the shortest match.
    i = pattern[end] === '?' ? end + 1 : end;
    out += found.text.repeat(count);
    if (out.length > MAX_EXAMPLE_LENGTH) return undefined;
  }
  return out;
}

/**
 * @example
 * regexExample(/^US-\d+-\d+$/)   // 'US-1-1'
 * regexExample(/^[0-9a-f]{64}$/) // '000…0' (64 characters)
 * regexExample(/^(?!x)/)         // undefined
 */
export function regexExample(regex: RegExp): string | undefined {
  const source = firstAlternative(regex.source);
  const body = source.replace(/^\^/, '').replace(/(?<!\\)\$$/, '');
  const text = sequence(body);
  if (text === undefined) return undefined;
  // Unanchored patterns match anywhere; the check below is the only judge either way.
  const probe = new RegExp(regex.source, regex.flags.replace(/[gy]/g, ''));
  return probe.test(text) ? text : undefined;
}
