/**
 * Rule 3 without a whitelist, where rule 3's neighbour check cannot see it:
 * runs of glued keys. Under a bare parent, `artifact:interview` then
 * `schema_version:1` has no well-formed sibling to vouch for it, and a list
 * item `- id:Q01` whose fields are glued too (`phase:foundation`) neither; YAML
 * folds each run into one meaningless plain scalar ("id:Q01 phase:foundation").
 *
 * The lines are grouped the way YAML nests them (one linear pass with a stack
 * of open blocks): the lines at one indentation under one parent, and the
 * entries of one sequence. A group is a mapping when a well-formed key is in
 * it, when a list item goes on with fields, or when two or more glued keys and
 * nothing else sit under a bare parent; then every glued key in it gets its
 * space. A one-line glued item takes it when a sibling mapping item starts
 * with the same key (`- id:Q01` beside `- id: Q02`, not `- true:a` beside
 * `- id: null`), and `-id:Q01` (dash and colon both glued) gets its colon
 * space here and its dash space from rule 10. Left alone: one glued line alone under a parent
 * (`note:` / `Warning:disk` may be a scalar), lists of `key:value` strings
 * (`- env:prod`), continuation lines of a plain scalar, prose, URLs, drive
 * letters and block scalar bodies.
 */
import { blockScalarMask } from '../block-scalar-mask.js';
import { isBlankOrComment, type YamlLine } from '../line-table.js';
import { entryAt, type YamlEntry } from '../yaml-entry.js';
import { COLON_SPACING_MESSAGE, holdsGluedKey } from './repair-colon-spacing.js';
import { LineRewriter, unchanged, type RepairStep } from './repair-kit.js';
import { insertSpace, replaceLine, rewriteLines } from './rewrite-lines.js';

/** Rule 3's trigger: a key of two or more identifier characters, a colon, then no space, `:`, `/` or `\`. */
const GLUED = /^( *(?:- +)?)([A-Za-z_][\w-]+):(?=[^\s:/\\])/;
/** `-id:Q01`: the dash glued too. */
const GLUED_DASH = /^( *)-([A-Za-z_][\w-]+):(?=[^\s:/\\])/;
/** `-key:` with or without a value space: a list entry rule 10 will open. */
const DASH_KEY = /^ *-([A-Za-z_][\w-]*):/;

/** Lines at one indentation under one parent (or the fields of one list item). */
interface Group {
  readonly indent: number;
  /** The line the block hangs from, or -1 at the root. */
  readonly parent: number;
  /** The dash line of the list item this mapping is, or -1. */
  readonly opener: number;
  members: number;
  keys: number;
  /** Glued lines of the group, with the column where the space goes and the key. */
  readonly glued: { line: number; at: number; key: string }[];
  /** Key of the opener (`- id: Q01` or `- id:Q01`), or null. */
  openerKey: string | null;
  /** A member that is neither a key nor a glued key (prose, a scalar). */
  other: boolean;
}

interface Frame {
  readonly kind: 'map' | 'seq';
  readonly indent: number;
  last: number;
  readonly group: Group | null;
  readonly items: Group[];
}

function newGroup(indent: number, parent: number, opener: number): Group {
  return { indent, parent, opener, members: 0, keys: 0, glued: [], other: false, openerKey: null };
}

function isBareKey(entry: YamlEntry | undefined): boolean {
  return entry !== undefined && entry.key !== null && entry.value === '';
}

function isMapping(g: Group, entries: readonly (YamlEntry | undefined)[]): boolean {
  if (g.keys > 0) return true;
  if (g.indent === 0 && g.parent < 0 && g.opener < 0) return true;
  if (g.other) return false;
  return (g.opener >= 0 && g.members >= 2) || (g.parent >= 0 && isBareKey(entries[g.parent]) && g.glued.length >= 2);
}

/** Column of the fields of a `-key:` item: the next content line's, when it is one of them. */
function gluedItemCol(lines: readonly YamlLine[], i: number, indent: number): number {
  for (let j = i + 1; j < lines.length; j++) {
    const text = lines[j]!.text;
    if (isBlankOrComment(text)) continue;
    const e = entryAt(lines, j);
    return !e.dash && e.indent > indent && e.indent <= indent + 3 ? e.indent : indent + 2;
  }
  return indent + 2;
}

/** A glued line's key and the column where its space goes (after `key:`, `- key:`, or `-key:` when it is an entry), or null. */
function gluedAt(text: string, entry: YamlEntry, dashKey: boolean): { at: number; key: string } | null {
  if (entry.key !== null) return null;
  const match = dashKey ? GLUED_DASH.exec(text) : GLUED.exec(text);
  return match === null ? null : { at: match[0].length, key: match[2]! };
}

/**
 * The lines that take a space, by one pass over the lines outside block
 * scalar bodies.
 */
function gluedKeyLines(lines: readonly YamlLine[]): Map<number, number> {
  const mask = blockScalarMask(lines);
  const entries: (YamlEntry | undefined)[] = new Array<YamlEntry | undefined>(lines.length);
  const stack: Frame[] = [];
  const groups: Group[] = [];
  const sequences: Frame[] = [];
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!.text;
    if (mask[i] === 1 || isBlankOrComment(text)) continue;
    const e = entryAt(lines, i);
    entries[i] = e;
    const n = e.indent;
    while (stack.length > 0 && stack[stack.length - 1]!.indent > n) stack.pop();
    let top = stack[stack.length - 1];
    // Rule 10's test: a `-key:` line is an entry under a bare key or beside another entry.
    const dashKey = !e.dash && DASH_KEY.test(text) && top !== undefined
      && (top.indent === n ? top.kind === 'seq' || isBareKey(entries[top.last]) : isBareKey(entries[top.last]));
    const dash = e.dash || dashKey;
    if (!dash && top !== undefined && top.kind === 'seq' && top.indent === n) {
      stack.pop();
      top = stack[stack.length - 1];
    }
    const glued = gluedAt(text, e, dashKey);
    if (dash) {
      let seq = top;
      if (seq === undefined || seq.kind !== 'seq' || seq.indent !== n) {
        seq = { kind: 'seq', indent: n, last: i, group: null, items: [] };
        stack.push(seq);
        sequences.push(seq);
      }
      seq.last = i;
      const group = newGroup(e.dash ? e.col : gluedItemCol(lines, i, n), i, i);
      seq.items.push(group);
      groups.push(group);
      stack.push({ kind: 'map', indent: group.indent, last: i, group, items: [] });
      group.openerKey = e.key ?? glued?.key ?? (dashKey ? (DASH_KEY.exec(text)?.[1] ?? null) : null);
      addMember(group, e.key !== null || (dashKey && glued === null) ? 'key' : glued !== null ? 'glued' : 'other', i, glued);
      continue;
    }
    let frame = top;
    if (frame === undefined || frame.kind !== 'map' || frame.indent !== n) {
      const group = newGroup(n, top?.last ?? -1, -1);
      groups.push(group);
      frame = { kind: 'map', indent: n, last: i, group, items: [] };
      stack.push(frame);
    }
    frame.last = i;
    addMember(frame.group!, e.key !== null ? 'key' : glued !== null ? 'glued' : 'other', i, glued);
  }
  const fix = new Map<number, number>();
  const mapping = new Set<Group>();
  for (const g of groups) {
    if (!isMapping(g, entries)) continue;
    mapping.add(g);
    for (const { line, at } of g.glued) fix.set(line, at);
  }
  // A one-line glued entry follows a sibling mapping entry with the same key
  // (`- id:Q01` beside `- id: Q02`); beside `- id: null`, `- true:a` is a string.
  for (const seq of sequences) {
    const keys = new Set(seq.items.filter((g) => mapping.has(g) && g.openerKey !== null).map((g) => g.openerKey!));
    if (keys.size === 0) continue;
    for (const g of seq.items) for (const { line, at, key } of g.glued) if (line === g.opener && keys.has(key)) fix.set(line, at);
  }
  return fix;
}

function addMember(group: Group, kind: 'key' | 'glued' | 'other', line: number, glued: { at: number; key: string } | null): void {
  group.members++;
  if (kind === 'key') group.keys++;
  else if (kind === 'glued' && glued !== null) group.glued.push({ line, ...glued });
  else group.other = true;
}

/**
 * @example
 * repairGluedKeys(toLines('interview:\n  artifact:interview\n  schema_version:1')).lines.map((l) => l.text)
 * // ['interview:', '  artifact: interview', '  schema_version: 1']
 */
export function repairGluedKeys(lines: readonly YamlLine[]): RepairStep {
  // Only a GLUED or GLUED_DASH line is ever fixed: with none, the grouping pass is moot.
  if (!holdsGluedKey(lines)) return unchanged(lines);
  const fix = gluedKeyLines(lines);
  if (fix.size === 0) return { lines, interventions: [] };
  const w = new LineRewriter('yaml_colon_space_inserted', COLON_SPACING_MESSAGE);
  return rewriteLines(lines, w, (i) => {
    const at = fix.get(i);
    return at === undefined ? null : replaceLine(i, [insertSpace(lines[i]!.text, at)]);
  });
}
