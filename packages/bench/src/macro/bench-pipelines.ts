/**
 * The two per-output pipelines the macro suite compares on one thread:
 * Airlock's `safeParse` and the naive regex → JSON.parse → jsonrepair →
 * yaml.parse → Zod chain, both with the bench contract (resolved once, as a
 * batch worker does).
 */
import { safeParse, toContract } from '@airlock/core';
import { benchContract } from '../contract.js';
import { naivePipeline } from '../naive/naive-pipeline.js';

const contract = toContract(benchContract, 'benchContract');

export const PIPELINES = {
  airlock: (output: string): boolean => safeParse(output, contract).success,
  naive: (output: string): boolean => naivePipeline(output, benchContract).success,
} as const;

export type PipelineName = keyof typeof PIPELINES;
