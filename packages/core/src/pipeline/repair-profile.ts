/**
 * Repair profiles: an allow-list and/or deny-list of categories and rules.
 * A result that needed a denied repair fails, listing what it would have needed.
 */
import type { Category, Intervention, InterventionCode } from '../types.js';

/** Allow or deny repairs by category or rule. Deny wins over allow. */
export interface RepairProfile {
  /** When given, only these categories/rules may be applied. */
  allow?: ReadonlyArray<Category | InterventionCode>;
  /** These categories/rules may never be applied. */
  deny?: ReadonlyArray<Category | InterventionCode>;
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
    const named = (list: ReadonlyArray<string> | undefined): boolean => list !== undefined && (list.includes(i.category) || list.includes(i.rule));
    if (named(profile.deny)) return true;
    return profile.allow !== undefined && !named(profile.allow);
  });
}
