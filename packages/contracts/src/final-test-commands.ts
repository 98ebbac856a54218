/**
 * The final test command plan (LoopTroop PROM52), in a `<FINAL_TEST_COMMANDS>`
 * envelope. Only `commands` is required (a string becomes a list, recorded as
 * LoopTroop warns). What LoopTroop fills or reshapes without a warning, the
 * contract does silently too: `test_files` defaults to `[]`, `modified_files`
 * to the test files, file effects (bare paths or objects) are read into three
 * intent buckets, the first entry per path winning, and default to every
 * modified file as a candidate. An intent outside the buckets refuses.
 */
import type { ContractCheck, Wording } from '@airlock/core';
import { z } from 'zod';
import { bucketOf, looseEnum, type Vocabulary } from './bead-status-gates.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

const pathList = z.array(z.string());

const INTENTS = ['candidate', 'temporary', 'unexpected'] as const;

/**
 * A file effect as written: an object with its path (other keys kept for the
 * check), a bare path, or an object whose keys LoopTroop reads by alias.
 */
const fileEffectInput = z.union([
  z.looseObject({ path: z.string(), intent: looseEnum(INTENTS).optional(), reason: z.string().optional() }),
  z.string(),
  z.record(z.string(), z.unknown()),
]);
type Intent = (typeof INTENTS)[number];

/** A file effect as the check leaves it. */
export type FinalTestFileEffect = {
  path: string;
  intent: Intent;
  reason?: string;
};

/** The command plan as the agent writes it; the check leaves `file_effects` as {@link FinalTestFileEffect}s. */
export const finalTestCommandsSchema = z.object({
  commands: z.array(z.string()).min(1),
  summary: z.string().optional(),
  test_files: pathList.default([]),
  modified_files: pathList.optional(),
  file_effects: z.array(fileEffectInput).default([]),
  tests_count: z.union([z.number(), z.string()]).optional(),
});

export type FinalTestCommands = z.infer<typeof finalTestCommandsSchema>;

const INTENT_WORDS: Vocabulary<Intent> = {
  candidate: ['candidate', 'include', 'included', 'commit', 'committed', 'permanent', 'keep'],
  temporary: ['temporary', 'temp', 'scratch', 'artifact', 'generated', 'exclude', 'excluded'],
  unexpected: ['unexpected', 'unknown', 'unintended', 'accidental'],
};

/** The first value among a record's keys that LoopTroop reads for one field (key order wins). */
function byAliases(record: Readonly<Record<string, unknown>>, aliases: readonly string[]): unknown {
  for (const [key, value] of Object.entries(record)) if (aliases.includes(key.toLowerCase().replace(/[^a-z0-9]/g, ''))) return value;
  return undefined;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** One written effect → the effect, or the reason it refuses. */
function readEffect(entry: string | Readonly<Record<string, unknown>>, index: number): FinalTestFileEffect | { error: string } | undefined {
  if (typeof entry === 'string') return text(entry) === undefined ? undefined : { path: entry.trim(), intent: 'candidate' };
  const path = text(byAliases(entry, ['path', 'file', 'filepath']));
  if (path === undefined) return { error: `Final test file effect entry ${index} is missing path` };
  const rawIntent = byAliases(entry, ['intent', 'kind', 'type', 'action']);
  const intent = typeof rawIntent === 'string' ? bucketOf(rawIntent, INTENT_WORDS) : undefined;
  if (intent === undefined) return { error: `Invalid final test file effect intent at ${index}: ${String(rawIntent)}` };
  const reason = text(byAliases(entry, ['reason', 'why', 'notes', 'summary']));
  return { path, intent, ...(reason !== undefined && { reason }) };
}

const unique = (list: readonly string[]): string[] => [...new Set(list)];

/** LoopTroop's silent fills: file lists without repeats, modified files, effects and the test count. */
const planShape: ContractCheck<FinalTestCommands> = {
  name: 'final test files and effects',
  run(plan) {
    const effects: FinalTestFileEffect[] = [];
    const issues: string[] = [];
    plan.file_effects.forEach((entry, index) => {
      const effect = readEffect(entry, index);
      if (effect === undefined) return;
      if ('error' in effect) issues.push(effect.error);
      else if (!effects.some((e) => e.path === effect.path)) effects.push(effect);
    });
    if (issues.length > 0) return { issues };
    const testFiles = unique(plan.test_files);
    const modified = unique(plan.modified_files !== undefined && plan.modified_files.length > 0 ? plan.modified_files : testFiles);
    const count = typeof plan.tests_count === 'string' ? Number(plan.tests_count.trim()) : plan.tests_count;
    const { tests_count: _count, summary, ...rest } = plan;
    const trimmedSummary = summary?.trim();
    return {
      value: {
        ...rest,
        ...(trimmedSummary ? { summary: trimmedSummary } : {}),
        test_files: testFiles,
        modified_files: modified,
        file_effects: effects.length > 0 ? effects : modified.map((path) => ({ path, intent: 'candidate' as const })),
        ...(count !== undefined && Number.isFinite(count) && { tests_count: Math.trunc(count) }),
      },
    };
  },
};

const COERCED: readonly Wording[] = ['commands', 'test_files', 'modified_files'].flatMap((key) => [
  { rule: 'coerced_to_array', at: key, message: `Coerced ${key} from string to array` },
  { rule: 'string_list_split', at: key, message: `Coerced ${key} from string to array` },
]);

/**
 * The final test command plan.
 *
 * @example
 * safeParse('<FINAL_TEST_COMMANDS>\n{"commands":["npm test"],"test_files":["src/a.test.ts"],"file_effects":["tmp/out.log"]}\n</FINAL_TEST_COMMANDS>', finalTestCommands).data
 * // { commands: ['npm test'], test_files: ['src/a.test.ts'], modified_files: ['src/a.test.ts'], file_effects: [{ path: 'tmp/out.log', intent: 'candidate' }] }
 */
export const finalTestCommands = defineLoopTroopContract({
  name: 'looptroop.final-test-commands',
  schema: finalTestCommandsSchema,
  tags: ['FINAL_TEST_COMMANDS'],
  wrappers: ['final_test_commands', 'command_plan', 'plan'],
  keyMatching: 'loose',
  // LoopTroop ignores keys it does not read: Zod drops them without a record.
  extras: 'keep',
  aliases: {
    commands: ['command_list', 'cmds', 'cmd'],
    summary: ['reason', 'notes'],
    test_files: ['test_file'],
    modified_files: ['modified_file', 'changed_files'],
    file_effects: ['file_effect', 'effects'],
    tests_count: ['test_count', 'num_tests'],
  },
  strings: { commands: { list: true }, test_files: { list: true }, modified_files: { list: true } },
  wording: COERCED,
  checks: [planShape],
});
