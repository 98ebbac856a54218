import { z } from 'zod';
import { ALIGNED_CONTRACTS } from './aligned-contracts.js';

/**
 * Contracts of the schema-aligned parsing corpus (`sap-corpus/`), by the name its
 * expected.json files use: the fixtures' contracts plus a few list, map and code shapes.
 */
export const CORPUS_CONTRACTS = {
  ...ALIGNED_CONTRACTS,
  three: z.enum(['ONE', 'TWO', 'THREE']),
  numbers: z.array(z.number()),
  strings: z.array(z.string()),
  scores: z.record(z.string(), z.number()),
  code: z.object({ code: z.string() }),
  fooList: z.array(z.object({ foo: z.number() })),
  fooInts: z.object({ foo: z.array(z.number()) }),
  partial: z.object({ a: z.number(), b: z.string().optional() }),
  threeList: z.array(z.enum(['ONE', 'TWO', 'THREE'])),
  textOrNull: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
  quote: z.object({ text: z.string(), author: z.string() }),
  keyList: z.array(z.object({ key: z.string() })),
  mixedItems: z.object({ key: z.string(), items: z.array(z.union([z.number(), z.string()])) }),
  formType: z.enum(['F9325', 'F1040', 'F1040X']).nullable(),
  aliasedList: z.array(z.enum(['ONE', 'TWO', 'THREE'])),
  report: z.object({ ok: z.boolean(), summary: z.string() }),
  resultMap: z.object({ result: z.record(z.string(), z.number()) }),
  codeTyped: z.object({ type: z.literal('code'), code: z.string() }),
  transactions: z.array(z.object({ date: z.string(), amount: z.number(), type: z.string() })),
} as const;

export type CorpusContractName = keyof typeof CORPUS_CONTRACTS;
