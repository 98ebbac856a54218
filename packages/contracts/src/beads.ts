/**
 * The bead blueprint family (LoopTroop §9): the council's blueprint (PROM20),
 * its refinement against the winning draft (PROM22) and its coverage
 * revision against the coverage gaps (PROM24). Beads are camelCase on the
 * wire (`prdRefs`, `contextGuidance`, …; snake_case is the same key), under
 * `beads` or `tasks|items|issues|work_items`, or a bare list.
 */
import { safeParse, type ContractCheck } from '@airlock/core';
import { z } from 'zod';
import { BEAD_LISTS, bareListAliases, beadListStrings, blueprintAliases, blueprintBeadShape, checkGuidance } from './beads-fields.js';
import { checkCoverageRevision, gapResolutionSchema } from './beads-coverage-checks.js';
import { checkRefinementChanges, type AccountedBead, type BlueprintReader } from './beads-refinement-checks.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

const blueprintBead = z.object(blueprintBeadShape);

/** The council's bead blueprint: `{ beads: [...] }`, at least one bead. */
export const beadsBlueprintSchema = z.object({ beads: z.array(blueprintBead).min(1) });

/** A blueprint bead once checked (its guidance an object). */
export type BlueprintBead = Omit<z.infer<typeof blueprintBead>, 'contextGuidance'> & {
  contextGuidance: { patterns: string[]; anti_patterns: string[] };
};

/** The normalization every bead-list artifact of this family shares. */
const BLUEPRINT_SPEC = {
  rootAliases: { beads: ['tasks', 'items', 'issues', 'work_items'] },
  aliases: { ...blueprintAliases('beads[]'), ...bareListAliases('[]') },
  keyMatching: 'loose' as const,
  // Extra keys are read as nothing, as LoopTroop does. (LoopTroop also collapses any one-key root;
  // the engine's generic wrappers would collapse `{beads: [...]}` too and refuse the list, so the
  // default wrappers stand in.)
  extras: 'keep' as const,
  // A bare list is the bead list (recorded: the value is reshaped).
  nest: { '': 'beads' },
  ids: { beads: { format: 'bead-{n}', normalize: false, duplicates: 'suffix' as const } },
  defaults: { 'beads[].prdRefs': [] },
  strings: beadListStrings('beads[]', BEAD_LISTS),
  noteEmpty: ['beads[].prdRefs'],
  wording: [
    { rule: 'id_renumbered' as const, at: 'beads[].id', message: 'Renumbered duplicate bead id "{before}" to "{after}".' },
    { rule: 'default_filled' as const, at: 'beads[].prdRefs', message: 'Bead "{id}" has no PRD references (prdRefs is missing).' },
    { rule: 'empty_list_noted' as const, at: 'beads[].prdRefs', message: 'Bead "{id}" has no PRD references (prdRefs is empty).' },
  ],
};

interface HasBeads {
  beads: { contextGuidance: unknown }[];
}

/** Guidance text → object, per bead (see beads-fields.ts). */
export const beadGuidanceCheck: ContractCheck<HasBeads> = {
  name: 'bead context guidance',
  run(value) {
    const { beads, notes, issues } = checkGuidance(value.beads as { contextGuidance: string }[], (i) => ['beads', i]);
    return issues.length > 0 ? { issues } : { value: { ...value, beads }, notes };
  },
};

/**
 * The bead blueprint of a council draft (PROM20).
 *
 * @example
 * safeParse('beads:\n  - id: bead-1\n    title: Parser\n    prdRefs: [US-1]\n    description: Parse input.\n    contextGuidance: "Patterns: Use X Anti-patterns: Avoid Y"\n    acceptanceCriteria: [Parses]\n    tests: [Parser test]\n    testCommands: [npm test]\n', beadsBlueprint).data.beads[0].contextGuidance
 * // { patterns: ['Use X'], anti_patterns: ['Avoid Y'] }
 */
export const beadsBlueprint = defineLoopTroopContract({
  name: 'looptroop.beads-blueprint',
  schema: beadsBlueprintSchema,
  ...BLUEPRINT_SPEC,
  checks: [beadGuidanceCheck as ContractCheck<z.infer<typeof beadsBlueprintSchema>>],
});

/**
 * A reference blueprint of the context read with the blueprint contract: its
 * YAML or JSON text, or the beads themselves (a list, or `{ beads }`).
 * Undefined when it does not validate.
 */
export const readBlueprint: BlueprintReader = (blueprint) => {
  if (blueprint === undefined || blueprint === null) return undefined;
  const result = safeParse(typeof blueprint === 'string' ? blueprint : JSON.stringify(blueprint), beadsBlueprint);
  return result.success ? (result.data.beads as AccountedBead[]) : undefined;
};

/** The refined blueprint (PROM22): the beads and the model's account of its changes (any shape; never refused). */
export const beadsRefinementSchema = z.object({ beads: z.array(blueprintBead).min(1), changes: z.unknown().optional() });

/**
 * The refined bead blueprint (PROM22), read against the winning draft
 * (`context.winner_draft`, its YAML text) and, for inspirations, the losing
 * drafts (`context.losing_drafts`, `[{ memberId }]`). `changes` never
 * refuses: unresolvable entries are skipped, no-ops dropped and omitted
 * changes synthesized, each recorded.
 *
 * @example
 * safeParse(refinedYaml, beadsRefinement, { context: { winner_draft: winnerYaml } }).data.changes
 * // [{ type: 'modified', item_type: 'bead', before: {...}, after: {...}, inspiration: null, attribution_status: 'model_unattributed' }]
 */
export const beadsRefinement = defineLoopTroopContract({
  name: 'looptroop.beads-refinement',
  schema: beadsRefinementSchema,
  ...BLUEPRINT_SPEC,
  checks: [
    beadGuidanceCheck as ContractCheck<z.infer<typeof beadsRefinementSchema>>,
    { name: 'refinement changes', needs: ['winner_draft'], run: (value, context) => checkRefinementChanges(value, context, readBlueprint) },
  ],
});

/** The coverage revision (PROM24): the revised beads and one resolution per coverage gap. */
export const beadsCoverageRevisionSchema = z.object({
  beads: z.array(blueprintBead).min(1),
  gap_resolutions: z.array(gapResolutionSchema),
  // The model's own account is ignored: the changes are derived from the current candidate.
  changes: z.unknown().optional(),
});

/**
 * The bead blueprint's coverage revision (PROM24), read against the current
 * candidate (`context.winner_draft`) and the gaps (`context.coverage_gaps`).
 *
 * @example
 * safeParse(revisionYaml, beadsCoverageRevision, { context: { winner_draft: candidateYaml, coverage_gaps: ['Gap A'] } }).data.gap_resolutions
 * // [{ gap: 'Gap A', action: 'updated_beads', rationale: '…', affected_items: [{ item_type: 'bead', id: 'bead-2', label: '…' }] }]
 */
export const beadsCoverageRevision = defineLoopTroopContract({
  name: 'looptroop.beads-coverage-revision',
  schema: beadsCoverageRevisionSchema,
  ...BLUEPRINT_SPEC,
  // LoopTroop's wrappers here are explicit (a root needs its `beads` list), not generic.
  wrappers: ['document', 'output', 'result', 'data'],
  replaceDefaultWrappers: true,
  rootAliases: {},
  aliases: { ...BLUEPRINT_SPEC.aliases, 'gap_resolutions[].affected_items[].label': ['title'] },
  synonyms: { 'gap_resolutions[].action': { map: { updated_beads: ['updated_plan', 'updatedbeads', 'updatedplan'] } } },
  checks: [
    beadGuidanceCheck as ContractCheck<z.infer<typeof beadsCoverageRevisionSchema>>,
    { name: 'coverage revision', needs: ['winner_draft', 'coverage_gaps'], run: (value, context) => checkCoverageRevision(value, context, readBlueprint) },
  ],
});
