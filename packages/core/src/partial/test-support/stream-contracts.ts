/**
 * The contracts the partial-parsing fixtures name (fixtures/<case>/expected.json `contract`).
 */
import { z } from 'zod';
import type { Contract } from '../../contract/contract.js';
import { defineContract } from '../../contract/define-contract.js';

const issue = z.object({ id: z.string(), severity: z.enum(['minor', 'major', 'critical']), line: z.number().int().optional(), message: z.string() });

const reviewSchema = z.object({
  summary: z.string(),
  verdict: z.enum(['approve', 'request_changes']),
  reviewer: z.string().nullable(),
  issues: z.array(issue).default([]),
});

/** A code review: a summary, a verdict and a list of issues. */
export const STREAM_CONTRACTS = {
  review: defineContract({ name: 'review', schema: reviewSchema, aliases: { summary: ['overview'] } }),
  /** The same review, streamed item by item: an issue shows once complete, the root once it has a verdict. */
  reviewAtomicIssues: defineContract({ name: 'review-atomic', schema: reviewSchema, stream: { atomic: ['issues[]'], requiredToStart: ['verdict'] } }),
} satisfies Record<string, Contract<unknown>>;

export type StreamContractName = keyof typeof STREAM_CONTRACTS;
