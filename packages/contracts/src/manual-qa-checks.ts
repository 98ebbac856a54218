/**
 * Checks of the Manual QA checklist (LoopTroop §16): unique lineages and
 * not-applicable refs, then, when the caller gives them, the PRD criteria and
 * the previous round (checklist and results). The references may come as
 * objects (LoopTroop's arguments) or as their JSON/YAML text; they are read
 * with Airlock itself, leniently, since they are LoopTroop's stored artifacts.
 */
import { safeParse, type ContractCheck } from '@airlock/core';
import { z } from 'zod';

/** The checklist as the contract validates it (camelCase after the snake_case aliases). */
export interface ManualQaChecklistValue {
  summary: string;
  notApplicablePrdRefs: { ref: string; reason: string }[];
  items: {
    lineageId: string;
    priorItemIds: string[];
    recheckState: 'new' | 'pending_recheck' | 'previously_passed';
    prdRefs: { ref: string; coverage: 'full' | 'partial' }[];
  }[];
}

type Issue = { path: string; message: string };

const criteriaSchema = z.array(z.looseObject({ ref: z.string() }));
const checklistSchema = z.looseObject({ items: z.array(z.looseObject({ id: z.string(), lineageId: z.string() })) });
const resultsSchema = z.looseObject({ results: z.array(z.looseObject({ itemId: z.string(), outcome: z.string() })) });

/** A reference artifact from the context (object or text), or undefined when absent or unreadable. */
function reference<T>(value: unknown, schema: z.ZodType<T>): T | undefined {
  if (value === undefined || value === null) return undefined;
  const result = safeParse(typeof value === 'string' ? value : JSON.stringify(value), schema);
  return result.success ? result.data : undefined;
}

function duplicates(values: readonly string[]): string[] {
  return [...new Set(values.filter((v, i) => values.indexOf(v) !== i))];
}

/** Lineage ids and not-applicable refs are unique. */
function uniqueness(value: ManualQaChecklistValue): Issue[] {
  return [
    ...duplicates(value.items.map((i) => i.lineageId)).map((id) => ({ path: 'items', message: `Duplicate lineage_id ${id}` })),
    ...duplicates(value.notApplicablePrdRefs.map((r) => r.ref)).map((ref) => ({ path: 'not_applicable_prd_refs', message: `Duplicate not_applicable_prd_refs ref ${ref}` })),
  ];
}

/** PRD refs name existing criteria, and a ref is not both covered and not applicable. */
function prdRefIssues(value: ManualQaChecklistValue, criteria: readonly { ref: string }[]): Issue[] {
  const known = new Set(criteria.map((c) => c.ref));
  const notApplicable = new Set(value.notApplicablePrdRefs.map((r) => r.ref));
  const issues: Issue[] = [];
  value.items.forEach((item, index) => {
    for (const { ref } of item.prdRefs) {
      if (!known.has(ref)) issues.push({ path: `items[${index}].prd_refs`, message: `Unknown PRD criterion ref ${ref}` });
      if (notApplicable.has(ref)) issues.push({ path: `items[${index}].prd_refs`, message: `PRD criterion ${ref} is both covered by an item and marked not applicable` });
    }
  });
  for (const ref of notApplicable) if (!known.has(ref)) issues.push({ path: 'not_applicable_prd_refs', message: `Unknown PRD criterion ref ${ref}` });
  return issues;
}

/** Round 1: every item is new, without prior ids. */
function firstRoundIssues(value: ManualQaChecklistValue): Issue[] {
  return value.items.flatMap((item, index) =>
    item.recheckState !== 'new' || item.priorItemIds.length > 0 ? [{ path: `items[${index}]`, message: `Item ${item.lineageId} of the first checklist must be new without prior_item_ids` }] : [],
  );
}

/** Later rounds: prior ids exist, keep their lineage, are used once; failed items come back for recheck; only passed ones may be previously_passed. */
function laterRoundIssues(value: ManualQaChecklistValue, checklist: z.infer<typeof checklistSchema>, results: z.infer<typeof resultsSchema> | undefined): Issue[] {
  const previous = new Map(checklist.items.map((i) => [i.id, i.lineageId]));
  const outcome = new Map((results?.results ?? []).map((r) => [r.itemId, r.outcome.trim().toLowerCase()]));
  const used = new Map<string, number>();
  const issues: Issue[] = [];
  value.items.forEach((item, index) => {
    const at = `items[${index}].prior_item_ids`;
    for (const id of item.priorItemIds) {
      if (used.has(id)) issues.push({ path: at, message: `Prior item ${id} is used by more than one item` });
      used.set(id, index);
      const lineage = previous.get(id);
      if (lineage === undefined) issues.push({ path: at, message: `Unknown prior item ${id}` });
      else if (lineage !== item.lineageId) issues.push({ path: at, message: `Item ${item.lineageId} must keep the lineage ${lineage} of prior item ${id}` });
    }
    if (item.recheckState === 'previously_passed' && (item.priorItemIds.length === 0 || item.priorItemIds.some((id) => outcome.get(id) !== 'pass'))) {
      issues.push({ path: `items[${index}].recheck_state`, message: `Only a previously passed item may be previously_passed (${item.lineageId})` });
    }
  });
  for (const [id, result] of outcome) {
    if (result !== 'fail') continue;
    const index = used.get(id);
    if (index === undefined) issues.push({ path: 'items', message: `Previously failed item ${id} must remain in the next checklist for recheck.` });
    else if (value.items[index]!.recheckState !== 'pending_recheck') issues.push({ path: `items[${index}].recheck_state`, message: `Previously failed item ${id} must return as pending_recheck.` });
  }
  return issues;
}

/** The checklist against itself and, when given, the PRD criteria and the previous round. */
export const checklistCheck: ContractCheck<ManualQaChecklistValue> = {
  name: 'manual QA checklist',
  run(value, context) {
    const issues = uniqueness(value);
    const criteria = reference(context['prd_criteria'], criteriaSchema);
    if (criteria !== undefined) issues.push(...prdRefIssues(value, criteria));
    const checklist = reference(context['previous_checklist'], checklistSchema);
    if (checklist === undefined) issues.push(...firstRoundIssues(value));
    else issues.push(...laterRoundIssues(value, checklist, reference(context['previous_results'], resultsSchema)));
    return { issues };
  },
};
