/**
 * The expansion check of PROM25 (LoopTroop validateBeadExpansion): the
 * expanded beads are the refined blueprint's beads, in its order, with the
 * Part 2 fields the model owns filled in.
 */
import type { CheckNote, CheckOutcome } from '@airlock/core';
import type { AccountedBead } from './beads-refinement-checks.js';

/** The expanded bead fields the check reads and restores. */
interface ExpandedFields {
  id: string;
  title: string;
  prdRefs: string[];
  description: string;
  contextGuidance: unknown;
  acceptanceCriteria: string[];
  tests: string[];
  testCommands: string[];
  issueType: string;
  labels: string[];
  targetFiles: string[];
  dependencies: { blocked_by: string[] } | string[];
}

/** Part 1 fields the expansion must carry over; restored from the blueprint when they drift. */
const RESTORED = ['description', 'contextGuidance', 'acceptanceCriteria', 'tests', 'testCommands'] as const;

/** A path inside the project: not absolute, no drive letter, never above the root. */
export function isProjectRelative(path: string): boolean {
  const p = path.trim().replace(/\\/g, '/');
  if (p === '' || p.startsWith('/') || /^[A-Za-z]:/.test(p)) return false;
  const parts: string[] = [];
  for (const part of p.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return false;
      parts.pop();
    } else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.length > 0;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The expanded beads against the refined blueprint (undefined when the context's blueprint does not validate).
 *
 * @example
 * checkExpansion(expanded, blueprintBeads) // { value: expanded with Part 1 restored, notes } or { issues }
 */
export function checkExpansion<B extends ExpandedFields>(beads: B[], blueprint: AccountedBead[] | undefined): CheckOutcome<B[]> {
  if (blueprint === undefined) return { issues: ['The refined blueprint (context.blueprint) is not a valid bead blueprint.'] };
  if (beads.length !== blueprint.length) return { issues: [`Expanded bead count ${beads.length} does not match refined blueprint count ${blueprint.length}.`] };
  const position = new Map(beads.map((bead, index) => [bead.id, index]));
  const notes: CheckNote[] = [];
  const issues: string[] = [];
  const out = beads.map((bead, index) => {
    const part1 = blueprint[index]!;
    if (bead.title !== part1.title || !same(bead.prdRefs, part1.prdRefs)) {
      issues.push(`Expanded bead at index ${index} changed preserved Part 1 fields or order (title and prdRefs must equal the blueprint's).`);
      return bead;
    }
    const drifted = RESTORED.filter((field) => !same(bead[field], part1[field]));
    if (drifted.length > 0) {
      notes.push({ rule: 'check_restored', message: `Restored preserved Part 1 fields from the refined blueprint for expanded bead at index ${index} (${part1.id}) after drift in: ${drifted.join(', ')}.`, path: [index] });
    }
    if (bead.issueType.trim() === '') issues.push(`Expanded bead ${bead.id} is missing issueType.`);
    if (bead.labels.length === 0 || bead.labels.some((label) => label.trim() === '')) issues.push(`Expanded bead ${bead.id} must include at least one non-empty label.`);
    if (bead.targetFiles.length === 0) issues.push(`Expanded bead ${bead.id} must include at least one target file.`);
    for (const file of bead.targetFiles) if (!isProjectRelative(file)) issues.push(`Expanded bead ${bead.id} has invalid target file path "${file}".`);
    const blockedBy = Array.isArray(bead.dependencies) ? bead.dependencies : bead.dependencies.blocked_by;
    for (const dependency of blockedBy) {
      if ((position.get(dependency) ?? Infinity) >= index) issues.push(`Expanded bead ${bead.id} is blocked by later bead ${dependency}.`);
    }
    return { ...bead, ...Object.fromEntries(RESTORED.map((field) => [field, part1[field]])) };
  });
  return issues.length > 0 ? { issues } : { value: out, notes };
}
