/**
 * Runs the YAML structural repairs in the seed's order, group by group. After
 * each group that changed something the caller's `accept` check (a re-parse)
 * decides whether to stop, so a document pays only for the repairs it needs.
 */
import type { Intervention } from '../types.js';
import type { WorkMeter } from '../work-meter.js';
import { tableText, type YamlLine } from './line-table.js';
import { withLineEntries } from './yaml-entry.js';
import type { RepairContext, YamlRepair } from './repairs/repair-kit.js';
import { repairNestedMappingChildren } from './repairs/repair-nested-mapping-children.js';
import { repairInlineSequenceParent } from './repairs/repair-inline-sequence-parent.js';
import { repairColonSpacing } from './repairs/repair-colon-spacing.js';
import { repairGluedKeys } from './repairs/repair-glued-keys.js';
import { repairInlineKeys } from './repairs/repair-inline-keys.js';
import { repairPlainScalarColon } from './repairs/repair-plain-scalar-colon.js';
import { repairListPrimaryKey } from './repairs/repair-list-primary-key.js';
import { repairStrayFences } from './repairs/repair-stray-fences.js';
import { repairXmlTagLines } from './repairs/repair-xml-tag-lines.js';
import { repairFreeTextScalar } from './repairs/repair-free-text-scalar.js';
import { repairDashSpacing } from './repairs/repair-dash-spacing.js';
import { repairDuplicateKeys } from './repairs/repair-duplicate-keys.js';
import { repairInvalidEscapes } from './repairs/repair-invalid-escapes.js';
import { repairInnerQuotes } from './repairs/repair-inner-quotes.js';
import { repairUnclosedQuote } from './repairs/repair-unclosed-quote.js';
import { repairQuotedFragments } from './repairs/repair-quoted-fragments.js';
import { repairTypeUnion } from './repairs/repair-type-union.js';
import { repairReservedIndicators } from './repairs/repair-reserved-indicators.js';
import { repairFlowText } from './repairs/repair-flow-text.js';
import { repairSequenceIndentDrift } from './repairs/repair-sequence-indent-drift.js';
import { repairSiblingIndentation } from './repairs/repair-sibling-indentation.js';
import { repairWrapperIndentation } from './repairs/repair-wrapper-indentation.js';
import { repairTypedInlineKeys } from './repairs/repair-typed-inline-keys.js';
import { repairWrappedScalar } from './repairs/repair-wrapped-scalar.js';
import { repairFoldedListScalar } from './repairs/repair-folded-list-scalar.js';
import { repairDoubledQuotes } from './repairs/repair-doubled-quotes.js';
import { repairUnindentedBlockScalar } from './repairs/repair-unindented-block-scalar.js';

/**
 * The repairs in order, grouped. Seed order (rules 1–19), except that the
 * line cleanups (7, 8) come first: fence and tag debris would otherwise skew
 * the indentation reasoning of every rule before them; and the vote wrapper
 * indentation joins rule 1, its twin: both fix YAML that may parse but nests
 * wrongly, so they must run before any re-parse can stop the run. Rules 2 and
 * 3 open that group: `questions: - id:Q01` has its entry on a line of its own
 * before its glued keys are read, and `winner_model:model-a` is a key rule 1
 * can only nest under `generated_by:` once it has its space.
 */
export const YAML_REPAIR_GROUPS: readonly (readonly YamlRepair[])[] = [
  [repairStrayFences, repairXmlTagLines],
  [repairInlineSequenceParent, repairColonSpacing, repairGluedKeys, repairNestedMappingChildren, repairWrapperIndentation, repairInlineKeys, repairTypedInlineKeys],
  [repairFoldedListScalar, repairPlainScalarColon, repairListPrimaryKey, repairWrappedScalar],
  [repairFreeTextScalar, repairUnindentedBlockScalar, repairDashSpacing, repairDuplicateKeys],
  [repairInvalidEscapes, repairInnerQuotes, repairUnclosedQuote, repairDoubledQuotes, repairQuotedFragments, repairTypeUnion, repairReservedIndicators, repairFlowText],
  [repairSequenceIndentDrift, repairSiblingIndentation],
];

/** Outcome of the repair run. */
export interface YamlRepairRun<A> {
  lines: readonly YamlLine[];
  text: string;
  interventions: Intervention[];
  /** The last accepted check result, when `accept` returned one. */
  accepted: A | null;
  /** True when the work meter stopped the run before every group had its turn. */
  stopped: boolean;
}

/**
 * Applies the groups in order. `accept(text)` runs after each group that
 * changed the text and stops the run when it returns non-null; without it all
 * groups run (the mode the idempotence tests use). A `work` meter is charged
 * the text's length for each group's pass, and a spent meter stops the run.
 *
 * @example
 * repairYaml(toLines('a:1'), context).text // 'a: 1'
 */
export function repairYaml<A>(lines: readonly YamlLine[], context: RepairContext, accept?: (text: string) => A | null, work?: WorkMeter): YamlRepairRun<A> {
  return withLineEntries(() => runGroups(lines, context, accept, work));
}

function runGroups<A>(lines: readonly YamlLine[], context: RepairContext, accept: ((text: string) => A | null) | undefined, work: WorkMeter | undefined): YamlRepairRun<A> {
  const interventions: Intervention[] = [];
  let current = lines;
  let text: string | null = null;
  let size = work === undefined ? 0 : textLength(lines);
  for (const group of YAML_REPAIR_GROUPS) {
    if (work !== undefined && !work.charge(size)) return { lines: current, text: text ?? tableText(current), interventions, accepted: null, stopped: true };
    let changed = false;
    for (const repair of group) {
      const step = repair(current, context);
      if (step.interventions.length === 0) continue;
      changed = true;
      current = step.lines;
      // One by one: a spread of many thousand interventions would overflow the call stack.
      for (const intervention of step.interventions) interventions.push(intervention);
    }
    if (!changed) continue;
    text = tableText(current);
    size = text.length;
    const accepted = accept?.(text) ?? null;
    if (accepted !== null) return { lines: current, text, interventions, accepted, stopped: false };
  }
  return { lines: current, text: text ?? tableText(current), interventions, accepted: null, stopped: false };
}

/** Length of the joined text, without joining it. */
function textLength(lines: readonly YamlLine[]): number {
  let n = Math.max(0, lines.length - 1);
  // Indexed: run once per candidate, this loop stays unoptimized, where `for…of` allocates a
  // result object per line.
  for (let i = 0; i < lines.length; i++) n += lines[i]!.text.length;
  return n;
}
