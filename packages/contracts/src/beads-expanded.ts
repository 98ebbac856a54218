/**
 * Expanded beads (LoopTroop §10, PROM25): one JSON object per line (or a
 * JSON array), each a stored bead in camelCase (`dependencies.blocked_by`
 * and `contextGuidance.anti_patterns` stay snake_case). `beads_jsonl` reads
 * the list alone; `expanded_beads` also holds it against the refined
 * blueprint it expands (`context.blueprint`).
 */
import type { CheckOutcome } from '@airlock/core';
import { z } from 'zod';
import { readBlueprint } from './beads.js';
import { BEAD_LISTS, beadListStrings, checkGuidance, guidance, isRecord, text, texts } from './beads-fields.js';
import { checkExpansion } from './beads-expansion-check.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

/** A note list as written; entries LoopTroop cannot read are dropped by the check. */
const noteHistory = z.array(z.unknown()).default([]);

/** A note of a bead's history. */
export interface BeadNote {
  timestamp: string;
  iteration: number;
  content: string;
  errorCode?: string;
}

const expandedBead = z.object({
  id: text,
  title: text,
  prdRefs: texts.default([]),
  description: text,
  contextGuidance: guidance,
  acceptanceCriteria: z.array(text).min(1),
  tests: z.array(text).min(1),
  // May be empty: LoopTroop restores the commands from the blueprint.
  testCommands: texts.default([]),
  // Filled with the bead's position by the check.
  priority: z.number().int().positive().optional(),
  // Not an enum: LoopTroop maps three legacy values and passes any other string.
  status: z.string().default('pending'),
  issueType: z.string().default('task'),
  externalRef: z.string().default(''),
  labels: texts.default([]),
  // A flat list is the legacy form of blocked_by (reshaped by the check).
  dependencies: z.union([z.object({ blocked_by: texts.default([]), blocks: texts.default([]) }), texts]).default({ blocked_by: [], blocks: [] }),
  targetFiles: texts.default([]),
  failedIterationNotes: noteHistory,
  userRetryNotes: noteHistory,
  finalizationFailureNotes: noteHistory,
  iteration: z.number().int().positive().default(1),
  createdAt: z.string().default(''),
  updatedAt: z.string().default(''),
  completedAt: z.string().default(''),
  startedAt: z.string().default(''),
  beadStartCommit: z.string().nullable().default(null),
});

/** The expanded bead list: at least one bead. */
export const beadsExpandedSchema = z.array(expandedBead).min(1);

export type ExpandedBeadInput = z.infer<typeof expandedBead>;

const NOTE_LISTS = ['failedIterationNotes', 'userRetryNotes', 'finalizationFailureNotes'] as const;
const LEGACY_STATUS: Readonly<Record<string, string>> = { completed: 'done', skipped: 'done', failed: 'error' };

/** A history note LoopTroop keeps: a timestamp, an iteration ≥ 1 and some content. */
function noteOf(entry: unknown): BeadNote[] {
  if (!isRecord(entry)) return [];
  const timestamp = typeof entry['timestamp'] === 'string' ? entry['timestamp'].trim() : '';
  const iteration = Number(entry['iteration']);
  const content = typeof entry['content'] === 'string' ? entry['content'] : '';
  const errorCode = typeof entry['errorCode'] === 'string' ? entry['errorCode'].trim() : '';
  if (!timestamp || !Number.isInteger(iteration) || iteration < 1 || !content.trim()) return [];
  return [{ timestamp, iteration, content, ...(errorCode && { errorCode }) }];
}

const FIELD_ORDER = Object.keys(expandedBead.shape);

/** The bead with its keys in the stored bead's order (a filled priority takes its place, not the last one). */
function inSchemaOrder<B extends object>(bead: B): B {
  const fields = bead as Record<string, unknown>;
  return Object.fromEntries(FIELD_ORDER.filter((key) => fields[key] !== undefined).map((key) => [key, fields[key]])) as B;
}

/**
 * What LoopTroop settles silently (the position as priority, legacy
 * statuses, the flat dependency list, unreadable notes), then what it
 * refuses: a duplicate id, a self-dependency, an unknown blocked_by id.
 */
function checkBeadList(value: ExpandedBeadInput[]): CheckOutcome<ExpandedBeadInput[]> {
  const guided = checkGuidance(value, (i) => [i]);
  if (guided.issues.length > 0) return { issues: guided.issues };
  const beads = guided.beads.map((bead, index) =>
    inSchemaOrder({
      ...bead,
      priority: bead.priority ?? index + 1,
      status: LEGACY_STATUS[bead.status] ?? bead.status,
      dependencies: Array.isArray(bead.dependencies) ? { blocked_by: bead.dependencies, blocks: [] } : bead.dependencies,
      ...Object.fromEntries(NOTE_LISTS.map((list) => [list, bead[list].flatMap(noteOf)])),
    }),
  );
  const ids = new Set(beads.map((b) => b.id));
  const seen = new Set<string>();
  const issues: string[] = [];
  for (const bead of beads) {
    if (seen.has(bead.id)) issues.push(`Duplicate bead id: ${bead.id}`);
    seen.add(bead.id);
    const { blocked_by, blocks } = bead.dependencies;
    if (blocked_by.includes(bead.id) || blocks.includes(bead.id)) issues.push(`Bead ${bead.id} has a self-dependency`);
    for (const dependency of blocked_by) if (!ids.has(dependency)) issues.push(`Bead ${bead.id} depends on unknown bead ${dependency}`);
  }
  return issues.length > 0 ? { issues } : { value: beads, notes: guided.notes };
}

const EXPANDED_SPEC = {
  // One bead per line is how the model writes them (PROM25), not a defect.
  jsonLines: true,
  keyMatching: 'loose' as const,
  extras: 'keep' as const,
  strings: beadListStrings('[]', [...BEAD_LISTS, 'labels', 'targetFiles', 'dependencies.blocked_by', 'dependencies.blocks']),
};

/**
 * The expanded bead list on its own (PROM25 output, no blueprint at hand).
 *
 * @example
 * safeParse('[{"id":"a","title":"A","description":"Do A.","contextGuidance":{"patterns":["P"],"anti_patterns":["Q"]},"acceptanceCriteria":["ok"],"tests":["t"],"status":"completed","dependencies":[]}]', beadsJsonl).data[0]
 * // { id: 'a', …, priority: 1, status: 'done', issueType: 'task', dependencies: { blocked_by: [], blocks: [] }, iteration: 1, … }
 */
export const beadsJsonl = defineLoopTroopContract({
  name: 'looptroop.beads-jsonl',
  schema: beadsExpandedSchema,
  ...EXPANDED_SPEC,
  checks: [{ name: 'bead list', run: checkBeadList }],
});

/**
 * The expanded bead list held against the refined blueprint it expands
 * (`context.blueprint`: its YAML text, or its beads as a list): same beads in the same order, the
 * titles and PRD references unchanged (other Part 1 fields are restored,
 * recorded), and each bead with an issue type, a label, project-relative
 * target files and dependencies only on earlier beads.
 *
 * @example
 * safeParse(jsonl, beadsExpanded, { context: { blueprint: refinedBlueprintYaml } })
 */
export const beadsExpanded = defineLoopTroopContract({
  name: 'looptroop.beads-expanded',
  schema: beadsExpandedSchema,
  ...EXPANDED_SPEC,
  checks: [
    { name: 'bead list', run: checkBeadList },
    { name: 'expansion', needs: ['blueprint'], run: (value: ExpandedBeadInput[], context) => checkExpansion(value, readBlueprint(context['blueprint'])) },
  ],
});
