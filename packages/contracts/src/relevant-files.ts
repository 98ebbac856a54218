/**
 * Relevant files (output-normalization seed), preferably in a
 * `<RELEVANT_FILES_RESULT>` envelope: the count always equals the list, a
 * cut-off last entry is dropped, relevance and likely action get their
 * defaults, a missing preview falls back to the emitted content, and a bare
 * path stands for `{ path }`.
 */
import { defineContract } from '@airlock/core';
import { z } from 'zod';

const file = z.object({
  path: z.string().min(1),
  rationale: z.string().min(1),
  relevance: z.enum(['high', 'medium', 'low']),
  likely_action: z.enum(['read', 'modify', 'create', 'delete']),
  content: z.string().optional(),
  content_preview: z.string().optional(),
});

/** The relevant-files result. */
export const relevantFilesSchema = z.object({ file_count: z.number().int().nonnegative(), files: z.array(file) });

/**
 * The relevant-files scan result.
 *
 * @example
 * safeParse('<RELEVANT_FILES_RESULT>\nfiles:\n  - path: .\\\\src\\\\app.ts\n    rationale: entry point\n</RELEVANT_FILES_RESULT>', relevantFiles).data
 * // { file_count: 1, files: [{ path: 'src/app.ts', rationale: 'entry point', relevance: 'medium', likely_action: 'read' }] }
 */
export const relevantFiles = defineContract({
  name: 'looptroop.relevant-files',
  schema: relevantFilesSchema,
  tags: ['RELEVANT_FILES_RESULT'],
  wrappers: ['relevant_files_result', 'relevant_files', 'payload'],
  aliases: { rationale: ['reason'], likely_action: ['action'] },
  nest: { 'files[]': 'path' },
  paths: ['files[].path'],
  defaults: { 'files[].relevance': 'medium', 'files[].likely_action': 'read' },
  derived: { file_count: { count: 'files' }, 'files[].content_preview': { copy: 'content' } },
  wording: [{ rule: 'truncated_entry_dropped', message: 'Truncated incomplete last file entry to recover from malformed YAML.' }],
});
