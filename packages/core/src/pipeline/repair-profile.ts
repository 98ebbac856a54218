/**
 * Repair profiles: an allow-list and/or deny-list of categories and rules.
 * A result that needed a denied repair fails, listing what it would have needed.
 */
import type { RepairProfile } from '../stage-types.js';
import type { Intervention } from '../types.js';
import { JSON_CODE_INFO } from '../json/codes.js';

/** The category of a rule a grouped record covers (JSON repair rules are the only grouped ones). */
function categoryOf(rule: string): string {
  return (JSON_CODE_INFO as Readonly<Record<string, { category: string } | undefined>>)[rule]?.category ?? '';
}

/** Profile that refuses every change: only canonical output passes. */
export const STRICT_PROFILE: RepairProfile = { allow: [] };

/**
 * The interventions a profile refuses.
 *
 * @example
 * deniedInterventions(list, { deny: ['synthesized'] }) // the closings of a truncated output
 */
export function deniedInterventions(interventions: readonly Intervention[], profile: RepairProfile | undefined): Intervention[] {
  if (profile === undefined) return [];
  return interventions.filter((i) => {
    const named = (list: ReadonlyArray<string> | undefined): boolean =>
      list !== undefined && (list.includes(i.category) || list.includes(i.rule) || (i.also !== undefined && i.also.some((r) => list.includes(r) || list.includes(categoryOf(r)))));
    if (named(profile.deny)) return true;
    return profile.allow !== undefined && !named(profile.allow);
  });
}
