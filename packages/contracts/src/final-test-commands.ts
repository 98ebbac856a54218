/**
 * The final test command plan (output-normalization seed), in a
 * `<FINAL_TEST_COMMANDS>` envelope: single strings become lists,
 * `modified_files` falls back to the test files (without repeats), and file
 * effects, bare paths or objects, land in three intent buckets.
 */
import { defineContract, type Wording } from '@airlock/core';
import { z } from 'zod';

const paths = z.array(z.string().min(1));

/** The command plan. */
export const finalTestCommandsSchema = z.object({
  commands: z.array(z.string().min(1)).min(1),
  test_files: paths,
  modified_files: paths,
  file_effects: z.array(z.object({ path: z.string().min(1), intent: z.enum(['candidate', 'temporary', 'unexpected']) })).optional(),
  rationale: z.string().optional(),
});

const COERCED: readonly Wording[] = ['commands', 'test_files', 'modified_files'].map((key) => ({
  rule: 'coerced_to_array',
  at: key,
  message: `Coerced ${key} from string to array`,
}));

/**
 * The final test command plan.
 *
 * @example
 * safeParse('<FINAL_TEST_COMMANDS>\n{"commands":"npm test","test_files":"src/a.test.ts","file_effects":["tmp/out.log"]}\n</FINAL_TEST_COMMANDS>', finalTestCommands).data
 * // { commands: ['npm test'], test_files: ['src/a.test.ts'], modified_files: ['src/a.test.ts'], file_effects: [{ path: 'tmp/out.log', intent: 'candidate' }] }
 */
export const finalTestCommands = defineContract({
  name: 'looptroop.final-test-commands',
  schema: finalTestCommandsSchema,
  tags: ['FINAL_TEST_COMMANDS'],
  wrappers: ['final_test_commands', 'command_plan', 'plan'],
  aliases: { commands: ['test_commands'], file_effects: ['fileeffects', 'effects'] },
  nest: { 'file_effects[]': 'path' },
  synonyms: {
    'file_effects[].intent': {
      map: {
        candidate: ['include', 'commit', 'keep', 'permanent'],
        temporary: ['temp', 'scratch', 'artifact', 'generated', 'exclude'],
        unexpected: ['unknown', 'unintended', 'accidental'],
      },
    },
  },
  paths: ['test_files[]', 'modified_files[]', 'file_effects[].path'],
  defaults: { 'file_effects[].intent': 'candidate' },
  derived: { modified_files: { copy: 'test_files', unique: true } },
  wording: COERCED,
});
