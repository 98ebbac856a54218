/**
 * LoopTroop conformance: LoopTroop's own parser and YAML-rule test cases
 * (`looptroop.dev.json` of the shared conformance corpora) run through the
 * pack with its two LoopTroop exports, `ARTIFACT_CONTRACTS` and
 * `loopTroopContext`. An outcome is `value` (success, no intervention),
 * `warnings` (success, at least one) or `fail` (refused); a case matches
 * when Airlock's outcome is LoopTroop's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { safeParse } from '@airlock/core';
import { ARTIFACT_CONTRACTS } from '../artifact-contracts.js';
import { loopTroopContext } from '../looptroop/looptroop-context.js';

export type Outcome = 'value' | 'warnings' | 'fail';

export interface LoopTroopCase {
  readonly id: string;
  readonly artifact: string;
  readonly input: string;
  readonly expect: Outcome;
  readonly extra_args?: readonly unknown[];
  readonly expected?: unknown;
  readonly error?: string;
  readonly rule?: string;
}

export interface CaseResult {
  readonly id: string;
  readonly family: string;
  readonly expect: Outcome;
  readonly got: Outcome;
  readonly detail: string;
}

/** The shared corpus beside the repository (the nearest ancestor holding pnpm-workspace.yaml), or undefined. */
export function loadLoopTroopCases(from: string): LoopTroopCase[] | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) {
      const file = resolve(dir, '..', 'shared', 'conformance', 'looptroop.dev.json');
      return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LoopTroopCase[]) : undefined;
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The family a case is scored in: its artifact, or for a YAML rule case `yaml_rule`. */
export function familyOf(c: LoopTroopCase): string {
  return c.artifact.replace(/^looptroop\./, '');
}

/** Runs one case through the pack. */
export function runCase(c: LoopTroopCase): CaseResult {
  const family = familyOf(c);
  const contract = (ARTIFACT_CONTRACTS as Record<string, (typeof ARTIFACT_CONTRACTS)[keyof typeof ARTIFACT_CONTRACTS]>)[family];
  if (contract === undefined) return { id: c.id, family, expect: c.expect, got: 'fail', detail: 'no contract' };
  const result = safeParse(c.input, contract, { context: loopTroopContext(c.artifact, c.extra_args ?? []) });
  if (!result.success) {
    const detail = [`${result.failure}: ${result.extractionError ?? ""}`, ...(result.validationErrors ?? []).slice(0, 3).map((e) => `${e.path}: ${e.message}`)].join(' | ');
    return { id: c.id, family, expect: c.expect, got: 'fail', detail };
  }
  const got: Outcome = result.interventions.length === 0 ? 'value' : 'warnings';
  return { id: c.id, family, expect: c.expect, got, detail: result.interventions.map((i) => i.rule).join(', ') };
}

export interface FamilyRate {
  readonly family: string;
  readonly matched: number;
  readonly total: number;
}

/** Matched / total per family, families in name order, YAML rules last. */
export function ratesByFamily(results: readonly CaseResult[]): FamilyRate[] {
  const byFamily = new Map<string, { matched: number; total: number }>();
  for (const r of results) {
    const row = byFamily.get(r.family) ?? { matched: 0, total: 0 };
    row.total++;
    if (r.got === r.expect) row.matched++;
    byFamily.set(r.family, row);
  }
  return [...byFamily.entries()]
    .sort(([a], [b]) => (a === 'yaml_rule' ? 1 : b === 'yaml_rule' ? -1 : a.localeCompare(b)))
    .map(([family, row]) => ({ family, ...row }));
}

/** The artifact cases' rate and the YAML-rule cases' rate. */
export function headlineRates(results: readonly CaseResult[]): { artifacts: number; yamlRules: number } {
  const rate = (rs: readonly CaseResult[]) => (rs.length === 0 ? 1 : rs.filter((r) => r.got === r.expect).length / rs.length);
  return { artifacts: rate(results.filter((r) => r.family !== 'yaml_rule')), yamlRules: rate(results.filter((r) => r.family === 'yaml_rule')) };
}

/** A Markdown table of the rates. */
export function ratesTable(results: readonly CaseResult[]): string {
  const rows = ratesByFamily(results).map((r) => `| ${r.family} | ${r.matched} / ${r.total} |`);
  const { artifacts, yamlRules } = headlineRates(results);
  return ['| family | matched |', '| --- | ---: |', ...rows, `| **artifacts** | **${(artifacts * 100).toFixed(1)} %** |`, `| **YAML rules** | **${(yamlRules * 100).toFixed(1)} %** |`].join('\n');
}
