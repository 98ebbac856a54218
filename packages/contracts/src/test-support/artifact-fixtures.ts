/**
 * Fixture cases of the pack: `fixtures/<artifact>/<case>/input.txt` is raw
 * model text (byte-exact), `options.json` the runtime context and options it
 * is parsed with, `expected.json` the outcome, the data and every
 * intervention's rule, stage and message.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { safeParse, type Contract, type SafeParseOptions, type ValidationIssue } from '@airlock/core';
import { ARTIFACT_CONTRACTS, type ArtifactName } from '../artifact-contracts.js';

export const FIXTURES_ROOT = fileURLToPath(new URL('../fixtures/', import.meta.url));

export interface ArtifactCase {
  readonly artifact: ArtifactName;
  readonly name: string;
  readonly dir: string;
  readonly input: string;
  readonly options: SafeParseOptions;
}

export interface Observed {
  success: boolean;
  failure?: string;
  data?: unknown;
  interventions: { rule: string; stage: string; message: string }[];
  validationErrors?: ValidationIssue[];
}

/** A pack contract by name, as the pipeline takes it. */
export function contractOf(artifact: ArtifactName): Contract<unknown> {
  return ARTIFACT_CONTRACTS[artifact] as Contract<unknown>;
}

/** Every case of every artifact folder (the erk folder has its own test and format). */
export function artifactCases(): ArtifactCase[] {
  return readdirSync(FIXTURES_ROOT)
    .filter((artifact) => artifact !== 'erk' && artifact in ARTIFACT_CONTRACTS)
    .sort()
    .flatMap((artifact) =>
      readdirSync(join(FIXTURES_ROOT, artifact))
        .sort()
        .map((name) => {
          const dir = join(FIXTURES_ROOT, artifact, name);
          const optionsPath = join(dir, 'options.json');
          const options = existsSync(optionsPath) ? (JSON.parse(readFileSync(optionsPath, 'utf8')) as SafeParseOptions) : {};
          return { artifact: artifact as ArtifactName, name, dir, input: readFileSync(join(dir, 'input.txt'), 'utf8'), options };
        }),
    );
}

/** What the pipeline makes of a case, in the shape of `expected.json`. */
export function observe(input: string, artifact: ArtifactName, options: SafeParseOptions): Observed {
  const result = safeParse(input, contractOf(artifact), options);
  const observed: Observed = {
    success: result.success,
    interventions: result.interventions.map(({ rule, stage, message }) => ({ rule, stage, message })),
  };
  if (result.success) observed.data = result.data;
  else {
    observed.failure = result.failure;
    if (result.validationErrors !== undefined) observed.validationErrors = result.validationErrors;
  }
  return observed;
}
