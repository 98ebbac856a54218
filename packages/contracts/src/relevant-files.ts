/**
 * Relevant files (LoopTroop PROM0), in a `<RELEVANT_FILES_RESULT>` envelope
 * or untagged YAML. Any one-key root is a wrapper, so `files` alone (without
 * `file_count`) collapses to a list and refuses. Each entry needs a `path`;
 * the rest default silently as in LoopTroop (rationale and content `""`,
 * relevance `medium`, likely action `read`, the preview to the content), and
 * relevance and likely action are lowercased with no enum check. `file_count`
 * is recomputed from the list without a record: LoopTroop never reports it.
 */
import type { ContractCheck } from '@airlock/core';
import { z } from 'zod';
import { nonBlank } from './bead-status-gates.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

const file = z.object({
  path: nonBlank,
  rationale: z.string().default(''),
  relevance: z.string().default('medium'),
  likely_action: z.string().default('read'),
  content: z.string().default(''),
  content_preview: z.string().default(''),
});

/** The relevant-files result. */
export const relevantFilesSchema = z.object({ file_count: z.number().optional(), files: z.array(file).min(1) });

export type RelevantFiles = z.infer<typeof relevantFilesSchema>;

/** LoopTroop's silent fills: the count, lowercase relevance and action, the preview from the content. */
const fileShape: ContractCheck<RelevantFiles> = {
  name: 'relevant file defaults',
  run(result) {
    const files = result.files.map((f) => ({
      ...f,
      path: f.path.trim(),
      rationale: f.rationale.trim(),
      relevance: f.relevance.trim().toLowerCase() || 'medium',
      likely_action: f.likely_action.trim().toLowerCase() || 'read',
      content_preview: f.content_preview === '' ? f.content : f.content_preview,
    }));
    return { value: { file_count: files.length, files } };
  },
};

/**
 * The relevant-files scan result.
 *
 * @example
 * safeParse('<RELEVANT_FILES_RESULT>\nfile_count: 3\nfiles:\n  - path: src/app.ts\n    relevance: High\n    content: |\n      export const app = 1\n</RELEVANT_FILES_RESULT>', relevantFiles).data
 * // { file_count: 1, files: [{ path: 'src/app.ts', rationale: '', relevance: 'high', likely_action: 'read', content: 'export const app = 1\n', content_preview: 'export const app = 1\n' }] }
 */
export const relevantFiles = defineLoopTroopContract({
  name: 'looptroop.relevant-files',
  schema: relevantFilesSchema,
  tags: ['RELEVANT_FILES_RESULT'],
  genericWrappers: true,
  wrappers: ['relevant_files_result', 'relevant_files', 'payload'],
  keyMatching: 'loose',
  // LoopTroop ignores keys it does not read: Zod drops them without a record.
  extras: 'keep',
  aliases: {
    'files[].path': ['filepath', 'file'],
    'files[].rationale': ['reason', 'why'],
    'files[].likely_action': ['action'],
    'files[].content': ['contents', 'code', 'source', 'snippet', 'excerpt'],
    'files[].content_preview': ['preview', 'signatures'],
  },
  yaml: { listPrimaryKeys: { files: 'path' }, freeTextKeys: ['rationale', 'content', 'content_preview'] },
  wording: [{ rule: 'truncated_entry_dropped', message: 'Truncated incomplete last file entry to recover from malformed YAML.' }],
  checks: [fileShape],
});
