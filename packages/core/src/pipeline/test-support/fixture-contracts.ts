import { z } from 'zod';

/** Contracts the pipeline fixtures refer to by name in expected.json. */
export const FIXTURE_CONTRACTS = {
  review: z.object({
    summary: z.string(),
    verdict: z.enum(['approve', 'request_changes']),
    issues: z.array(
      z.object({
        file: z.string(),
        line: z.number().int().optional(),
        severity: z.enum(['critical', 'major', 'minor']),
        message: z.string(),
      }),
    ),
  }),
  list: z.array(z.object({ path: z.string() })),
  /** Anything that parses: the hostile-input cases judge the parse, not a schema. */
  unknown: z.unknown(),
} as const;

export type FixtureContractName = keyof typeof FIXTURE_CONTRACTS;
