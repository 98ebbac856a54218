/**
 * What every bead artifact shares (LoopTroop §9, §10): the Part 1 fields of
 * a bead in their camelCase wire spelling (snake_case matches by loose key
 * matching), their aliases, the lenient string lists, and the context
 * guidance, which LoopTroop takes as an object of two non-empty lists or as
 * text with a "Patterns:" section before an "Anti-patterns:" one.
 */
import type { CheckNote } from '@airlock/core';
import { z } from 'zod';

/** A required text: present and not blank. */
export const text = z.string().regex(/\S/, 'Expected non-blank text.');

/** A list of texts (LoopTroop's toStringArray reads scalars and multi-line strings too; see `beadListStrings`). */
export const texts = z.array(z.string());

/** The context guidance as an object: both lists non-empty. */
export const guidanceObject = z.object({ patterns: z.array(text).min(1), anti_patterns: z.array(text).min(1) });

/**
 * The context guidance as written: the object, or labeled text the
 * guidance check turns into it (or refuses, as LoopTroop does).
 */
export const guidance = z.union([guidanceObject, z.string()]);

/** The context guidance once checked. */
export type ContextGuidance = z.infer<typeof guidanceObject>;

/** The Part 1 fields of a bead (blueprint, refinement, coverage revision). */
export const blueprintBeadShape = {
  id: text,
  title: text,
  // May be empty (LoopTroop warns) and is not checked against the PRD.
  prdRefs: texts,
  description: text,
  contextGuidance: guidance,
  acceptanceCriteria: z.array(text).min(1),
  tests: z.array(text).min(1),
  testCommands: z.array(text).min(1),
};

/** Aliases LoopTroop's blueprint reader takes for these fields (below the bead list `path`). */
export function blueprintAliases(path: string): Record<string, readonly string[]> {
  return {
    [`${path}.id`]: ['bead_id'],
    [`${path}.title`]: ['name'],
    [`${path}.description`]: ['details'],
    [`${path}.prdRefs`]: ['prd_references'],
    [`${path}.contextGuidance`]: ['guidance', 'architectural_guidance'],
    [`${path}.tests`]: ['test_cases'],
    [`${path}.testCommands`]: ['commands'],
    patterns: ['pattern'],
    anti_patterns: ['anti_patterns_list'],
  };
}

/**
 * The same keys for a bare bead list (`path` `[]`), whose items the engine
 * aliases before nesting the list under `beads` (loose key matching needs the
 * schema's place, which a bare list reaches only after nesting): each
 * field's snake_case spelling too.
 */
export function bareListAliases(path: string): Record<string, readonly string[]> {
  const aliases = blueprintAliases(path);
  return Object.fromEntries(
    Object.keys(blueprintBeadShape).map((field) => {
      const snake = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      return [`${path}.${field}`, [...(aliases[`${path}.${field}`] ?? []), ...(snake === field ? [] : [snake])]];
    }),
  );
}

/** The string lists of a bead below `path`, read leniently like LoopTroop's toStringArray. */
export function beadListStrings(path: string, lists: readonly string[]): Record<string, { list: true }> {
  return Object.fromEntries(lists.map((list) => [`${path}.${list}`, { list: true }]));
}

/** The lists every bead carries. */
export const BEAD_LISTS = ['prdRefs', 'acceptanceCriteria', 'tests', 'testCommands', 'contextGuidance.patterns', 'contextGuidance.anti_patterns'] as const;

/** Keys compared like LoopTroop's normalizeKey: lowercase letters and digits only. */
export function keyOf(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value of the first key spelled like one of `wanted` (LoopTroop: the first colliding key wins). */
export function valueByKey(record: Record<string, unknown>, wanted: readonly string[]): unknown {
  const keys = new Set(wanted.map(keyOf));
  const key = Object.keys(record).find((k) => keys.has(keyOf(k)));
  return key === undefined ? undefined : record[key];
}

/** A place in the value as the engine writes it: `beads[0].contextGuidance`. */
export function pathText(parts: readonly (string | number)[]): string {
  return parts.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('') || '(root)';
}

/** A trimmed string, or '' for anything else. */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

const PATTERNS_LABEL = /^[ \t]*patterns[ \t]*:/im;
const ANTI_PATTERNS_LABEL = /^[ \t]*anti[-\s_]*patterns[ \t]*:/im;
const INLINE = /^\s*patterns\s*:\s*(.+?)\s+anti[-\s_]*patterns\s*:\s*(.+?)\s*$/is;

/** Items of a section body: its lines, bullets removed, blanks dropped. */
function sectionItems(body: string): string[] {
  return body
    .split('\n')
    .map((line) => line.replace(/^\s*[-*•]\s*/, '').trim())
    .filter((line) => line !== '');
}

/**
 * LoopTroop's reading of guidance text: "Patterns:" and "Anti-patterns:"
 * labels each on their own line, in that order, or both inline
 * ("Patterns: X Anti-patterns: Y"); both sections non-empty.
 *
 * @example
 * guidanceFromText('Patterns:\n- Use X\nAnti-patterns:\n- Avoid Y') // { patterns: ['Use X'], anti_patterns: ['Avoid Y'] }
 * guidanceFromText('Anti-patterns: Avoid Y Patterns: Use X')        // undefined (refused)
 */
export function guidanceFromText(guidanceText: string): ContextGuidance | undefined {
  const patterns = PATTERNS_LABEL.exec(guidanceText);
  const anti = ANTI_PATTERNS_LABEL.exec(guidanceText);
  if (patterns !== null && anti !== null && patterns.index < anti.index) {
    const lists = {
      patterns: sectionItems(guidanceText.slice(patterns.index + patterns[0].length, anti.index)),
      anti_patterns: sectionItems(guidanceText.slice(anti.index + anti[0].length)),
    };
    if (lists.patterns.length > 0 && lists.anti_patterns.length > 0) return lists;
  }
  const inline = INLINE.exec(guidanceText);
  const [first, second] = [inline?.[1], inline?.[2]].map((s) => (s ?? '').replace(/\s+/g, ' ').trim());
  return first && second ? { patterns: [first], anti_patterns: [second] } : undefined;
}

export interface GuidedBead {
  contextGuidance: ContextGuidance | string;
}

/**
 * Turns each bead's guidance text into its object (recorded in LoopTroop's
 * words), or refuses it as LoopTroop does.
 */
export function checkGuidance<B extends GuidedBead>(beads: readonly B[], path: (index: number) => (string | number)[]): { beads: B[]; notes: CheckNote[]; issues: { path: string; message: string }[] } {
  const notes: CheckNote[] = [];
  const issues: { path: string; message: string }[] = [];
  const out = beads.map((bead, index) => {
    const written = bead.contextGuidance;
    if (typeof written !== 'string') return bead;
    const object = written.trim() === '' ? undefined : guidanceFromText(written.trim());
    if (object === undefined) {
      issues.push({ path: pathText([...path(index), 'contextGuidance']), message: `Bead context guidance at index ${index} must include both Patterns and Anti-patterns sections.` });
      return bead;
    }
    notes.push({ rule: 'check_canonicalized', message: `Canonicalized string context guidance at index ${index} into patterns/anti_patterns object.`, path: [...path(index), 'contextGuidance'], before: written, after: JSON.stringify(object) });
    return { ...bead, contextGuidance: object };
  });
  return { beads: out, notes, issues };
}
