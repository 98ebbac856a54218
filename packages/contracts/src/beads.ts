/**
 * Bead artifacts (output-normalization seed): the council's blueprint, where
 * missing ids are filled (`bead-{n}`), repeated ids get `-2`, `-3`, and
 * context guidance written as labeled text becomes its object; and the
 * stricter expanded list (one JSON object per line), where only legacy
 * statuses, flat dependency lists and note lists are reshaped and repeated
 * or unknown dependencies fail.
 */
import { defineContract } from '@airlock/core';
import { z } from 'zod';

const strings = z.array(z.string());

const blueprintBead = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  description: z.string().optional(),
  prd_refs: strings,
  context_guidance: z.object({ patterns: strings, anti_patterns: strings }),
  acceptance_criteria: strings,
  test_commands: strings,
  blocked_by: strings.optional(),
});

/** The council's bead blueprint. */
export const beadsBlueprintSchema = z.object({ beads: z.array(blueprintBead).min(1) });

/** Keys the seed accepts for the same field, besides spelling variants. */
const BEAD_ALIASES = {
  'beads[].id': ['beadid', 'bead_id'],
  prd_refs: ['prdreferences', 'prd_references'],
  context_guidance: ['architecturalguidance', 'guidance'],
  anti_patterns: ['anti_patterns_list'],
  test_commands: ['commands'],
};

/**
 * The bead blueprint of a council draft.
 *
 * @example
 * safeParse('{"tasks":[{"title":"Parser","prdRefs":["US-1-1"],"context_guidance":"Patterns: Use X Anti-patterns: Avoid Y","acceptance_criteria":[],"test_commands":"npm test"}]}', beadsBlueprint).data.beads[0]
 * // { id: 'bead-1', title: 'Parser', prd_refs: ['US-1-1'], context_guidance: { patterns: ['Use X'], anti_patterns: ['Avoid Y'] }, acceptance_criteria: [], test_commands: ['npm test'] }
 */
export const beadsBlueprint = defineContract({
  name: 'looptroop.beads-blueprint',
  schema: beadsBlueprintSchema,
  rootAliases: { beads: ['tasks', 'items', 'issues', 'workitems', 'work_items'] },
  aliases: BEAD_ALIASES,
  ids: { beads: { format: 'bead-{n}', normalize: false, duplicates: 'suffix' } },
  sections: { 'beads[].context_guidance': { patterns: ['Patterns'], anti_patterns: ['Anti-patterns', 'Antipatterns', 'Anti patterns'] } },
  noteEmpty: ['beads[].prd_refs'],
  wording: [
    { rule: 'id_renumbered', at: 'beads[].id', message: 'Renumbered duplicate bead id "{before}" to "{after}".' },
    { rule: 'text_sectioned', message: 'Canonicalized string context guidance at index {index} into patterns/anti_patterns object.' },
    { rule: 'empty_list_noted', at: 'beads[].prd_refs', message: 'Bead "{id}" has no PRD references (prdRefs is empty).' },
  ],
});

const expandedBead = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  status: z.enum(['pending', 'in_progress', 'done', 'error']),
  description: z.string().optional(),
  prd_refs: strings.optional(),
  acceptance_criteria: strings.optional(),
  test_commands: strings.optional(),
  dependencies: z.object({ blocked_by: strings, blocks: strings.optional() }),
  notes: z.string().optional(),
});

/** Expanded beads: unique ids, and every dependency names another bead of the list. */
export const beadsExpandedSchema = z.array(expandedBead).superRefine((beads, ctx) => {
  const ids = new Set<string>();
  beads.forEach((bead, index) => {
    if (ids.has(bead.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `Duplicate bead id "${bead.id}".` });
    ids.add(bead.id);
  });
  beads.forEach((bead, index) => {
    bead.dependencies.blocked_by.forEach((dependency, k) => {
      if (dependency === bead.id) ctx.addIssue({ code: 'custom', path: [index, 'dependencies', 'blocked_by', k], message: `Bead "${bead.id}" depends on itself.` });
      else if (!ids.has(dependency)) ctx.addIssue({ code: 'custom', path: [index, 'dependencies', 'blocked_by', k], message: `Unknown dependency "${dependency}".` });
    });
  });
});

/**
 * The expanded bead list (JSON Lines; parse with `allowNdjson: true`).
 *
 * @example
 * safeParse('{"id":"a","title":"A","status":"completed","dependencies":[]}\n{"id":"b","title":"B","status":"failed","dependencies":["a"]}', beadsExpanded, { allowNdjson: true })
 * // data: [{ id: 'a', …, status: 'done', dependencies: { blocked_by: [] } }, { id: 'b', …, status: 'error', dependencies: { blocked_by: ['a'] } }]
 */
export const beadsExpanded = defineContract({
  name: 'looptroop.beads-expanded',
  schema: beadsExpandedSchema,
  aliases: { id: ['beadid', 'bead_id'], prd_refs: ['prdreferences', 'prd_references'], blocked_by: ['blockedby'], test_commands: ['commands'] },
  synonyms: { '[].status': { map: { done: ['completed', 'skipped'], error: ['failed'] } } },
  nest: { '[].dependencies': 'blocked_by' },
  strings: { '[].notes': { join: '\n' } },
  wording: [
    { rule: 'value_nested', at: '[].dependencies', message: 'Treated the flat dependency list of bead {id} as blocked_by.' },
    { rule: 'array_joined', at: '[].notes', message: 'Joined the notes array of bead {id} into one string.' },
  ],
});
