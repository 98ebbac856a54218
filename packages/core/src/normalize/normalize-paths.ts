/**
 * Path normalization (output-normalization seed): declared file-path fields
 * use forward slashes and drop a leading `./`, so comparisons stay stable
 * across providers and host shells.
 */
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import type { NormalizeOptions, NormalizeOutcome } from './normalize-types.js';
import { normalizeChange } from './normalize-types.js';
import { excerpt } from './value-tree.js';
import { walkScope, walkValue } from './walk-value.js';

const PATHS_SCOPE = walkScope((at, plan) => plan.paths.has(at.pattern), (at, plan) => plan.prefixes.paths.has(at.pattern));

/**
 * `.\src\a.ts` → `src/a.ts`.
 *
 * @example
 * canonicalPath('./.\\tmp\\x') // 'tmp/x'
 */
export function canonicalPath(path: string): string {
  return path.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
}

/**
 * Normalizes the contract's declared path fields.
 *
 * @example
 * normalizePaths({ temp_roots: ['.\\tmp'] }, contract).value // { temp_roots: ['tmp'] }
 */
export function normalizePaths(value: unknown, contract: Contract<unknown>, _options: NormalizeOptions = {}): NormalizeOutcome {
  const plan = planFor(contract);
  if (plan.paths.size === 0) return { value, interventions: [] };
  const interventions: Intervention[] = [];
  const out = walkValue(value, plan, (node, location) => {
    if (typeof node !== 'string' || !plan.paths.has(location.pattern)) return node;
    const { path } = location;
    const canonical = canonicalPath(node);
    // `./` alone would become an empty path; leave it for validation.
    if (canonical === node || canonical === '') return node;
    interventions.push(normalizeChange('path_normalized', 'cleanup', `Normalized path ${formatPath(path)} from ${excerpt(node)} to ${excerpt(canonical)}.`, path, excerpt(node), excerpt(canonical)));
    return canonical;
  }, 'pre', PATHS_SCOPE);
  return { value: out, interventions };
}
