/**
 * What every YAML repair shares: its signature, the resolved per-contract
 * hints, and a line rewriter that records one intervention per edit with a
 * line-scoped span in candidate coordinates.
 */
import type { Category, Intervention } from '../../types.js';
import type { YamlCode } from '../codes.js';
import { indentOf, isBlank, tableText, type YamlLine } from '../line-table.js';
import { codeAt } from '../../code-at.js';

/** Per-contract data, with what the contract leaves out derived from its schema or empty. */
export interface ResolvedYamlHints {
  readonly nestedChildren: Readonly<Record<string, readonly string[]>>;
  readonly listPrimaryKeys: Readonly<Record<string, string>>;
  readonly freeTextKeys: ReadonlySet<string>;
  /** Wrapper keys whose body is indented one level too shallow, for the wrapper indentation repair. */
  readonly wrapperKeys: ReadonlySet<string>;
  /** Lower-cased words of numbered record labels (`draft` for `Draft 1:`), for the same repair. */
  readonly numberedLabels: readonly string[];
  /** Top-level keys of the contract (lets the inline-keys repair tell keys from prose). */
  readonly knownKeys: ReadonlySet<string>;
  /** Keys of the contract below its root (list items, sections): the whitelist on a list item's line. */
  readonly itemKeys: ReadonlySet<string>;
}

/** What a repair sees besides the lines. */
export interface RepairContext {
  readonly hints: ResolvedYamlHints;
}

/** Result of one repair: the new line table (the input itself when nothing changed). */
export interface RepairStep {
  readonly lines: readonly YamlLine[];
  readonly interventions: Intervention[];
}

/** A structural repair: pure, total, line-scoped, idempotent. */
export type YamlRepair = (lines: readonly YamlLine[], context: RepairContext) => RepairStep;

/**
 * Builds the next line table while recording edits. Replaced lines keep their
 * own origin when the count is unchanged; split or merged lines all point at
 * the union of the lines they came from.
 *
 * @example
 * const w = new LineRewriter('yaml_colon_space_inserted', 'Repaired …');
 * w.replace([line], ['key: value']);
 * w.result(lines) // { lines: [...], interventions: [{ rule: 'yaml_colon_space_inserted', span: [line.start, line.end], … }] }
 */
export class LineRewriter {
  private readonly out: YamlLine[] = [];
  private readonly interventions: Intervention[] = [];

  constructor(
    private readonly rule: YamlCode,
    private readonly message: string,
    private readonly category: Category = 'parser_fix',
  ) {}

  keep(line: YamlLine): void {
    this.out.push(line);
  }

  /**
   * Replaces `old` (consecutive lines) by `texts`; an empty `texts` drops them. Returns how
   * many lines of the new table it wrote, and whether they are `old` itself (no change).
   */
  replace(old: readonly YamlLine[], texts: readonly string[], message = this.message, category = this.category): { written: number; same: boolean } {
    const first = old[0];
    const last = old[old.length - 1];
    if (first === undefined || last === undefined) return { written: 0, same: true };
    const before = old.map((l) => l.text).join('\n');
    const after = texts.join('\n');
    if (before === after) {
      for (const l of old) this.out.push(l);
      return { written: old.length, same: true };
    }
    if (texts.length === old.length) {
      texts.forEach((text, k) => this.out.push({ ...old[k]!, text }));
    } else {
      for (const text of texts) this.out.push({ text, start: first.start, end: last.end, line: first.line });
    }
    this.interventions.push({ rule: this.rule, stage: 'parse', category, message, span: [first.start, last.end], before, after });
    return { written: texts.length, same: false };
  }

  result(input: readonly YamlLine[]): RepairStep {
    return this.interventions.length === 0 ? { lines: input, interventions: [] } : { lines: this.out, interventions: this.interventions };
  }
}

/** Re-indents a line by `delta` spaces (never below zero). */
export function shiftIndent(text: string, delta: number): string {
  if (delta === 0 || text.trim() === '') return text;
  if (delta > 0) return ' '.repeat(delta) + text;
  let cut = 0;
  while (cut < -delta && text.charCodeAt(cut) === 32) cut++;
  return text.slice(cut);
}

/** Sets a line's indentation to exactly `indent` spaces. */
export function setIndent(text: string, indent: number): string {
  return ' '.repeat(indent) + text.trimStart();
}

/** Own-property lookup: keys come from model text (`constructor`, `__proto__` must not hit the prototype). */
export function ownValue<V>(record: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

/**
 * Index after line `i` and the block under it: the following lines deeper
 * than `col`, up to the first that is not or that `stop` ends. Blank lines
 * inside the block belong to it; trailing ones belong to what follows.
 *
 * @example
 * blockEnd(toLines('a:\n  b: 1\n\nc: 2'), 0, 0) // 2
 */
export function blockEnd(lines: readonly YamlLine[], i: number, col: number, stop: (k: number) => boolean = () => false): number {
  let end = i + 1;
  for (let k = i + 1; k < lines.length; k++) {
    const text = lines[k]!.text;
    if (isBlank(text)) continue;
    if (indentOf(text) <= col || stop(k)) break;
    end = k + 1;
  }
  return end;
}

/**
 * True when the line after `i` continues a multi-line plain scalar that starts
 * on line `i` (deeper than the node and not itself a key or an entry).
 */
export function continuesScalar(lines: readonly YamlLine[], i: number, nodeIndent: number): boolean {
  const next = lines[i + 1];
  if (next === undefined || next.text.trim() === '') return false;
  const text = next.text;
  let indent = 0;
  while (indent < text.length && text.charCodeAt(indent) === 32) indent++;
  if (indent <= nodeIndent) return false;
  const rest = text.slice(indent);
  return !/^-(?:\s|$)/.test(rest) && !/^[^\s:#][^:#]*:(?:\s|$)/.test(rest) && !rest.startsWith('#');
}

/** The step of a rule that changes nothing: its input, as a rule's own walk returns it then. */
export function unchanged(lines: readonly YamlLine[]): RepairStep {
  return { lines, interventions: [] };
}

/**
 * True when `needle` occurs anywhere in the document. Each line is a substring of the joined
 * text, so a rule whose trigger needs `needle` on a line can return {@link unchanged} when this
 * is false, without its per-line walk.
 *
 * @example
 * mentions(toLines('a: 1\nb: "x"'), '"') // true
 */
export function mentions(lines: readonly YamlLine[], needle: string): boolean {
  return tableText(lines).includes(needle);
}

/** Past this many names a document scan per name may cost more than the walk it saves. */
export const MAX_GATE_NAMES = 8;

/**
 * False only when none of `names` occurs in the document: the gate of the rules keyed by a
 * hint's key names (a key name, quotes stripped, is a substring of its line). True, i.e. no
 * gate, when there are too many names to scan for.
 *
 * @example
 * mayMentionAny(toLines('a: 1'), ['free_text']) // false
 */
export function mayMentionAny(lines: readonly YamlLine[], names: readonly string[]): boolean {
  if (names.length > MAX_GATE_NAMES) return true;
  for (const name of names) if (mentions(lines, name)) return true;
  return false;
}

/**
 * True when a `:` is followed by a space, a tab or the end of `text` (`/:(?:[ \t]|$)/` without
 * a regex): the only colon that can end a YAML key or a `key:` word.
 *
 * @example
 * hasKeyColon('see http://x') // false
 */
export function hasKeyColon(text: string): boolean {
  for (let p = text.indexOf(':'); p >= 0; p = text.indexOf(':', p + 1)) {
    const c = codeAt(text, p + 1);
    if (c === 32 || c === 9 || p + 1 === text.length) return true;
  }
  return false;
}
