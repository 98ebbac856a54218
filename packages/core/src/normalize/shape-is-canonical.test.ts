/**
 * The fast path must never change an outcome: where shapeIsCanonical says
 * yes, aliasing, extras and coercion are no-ops, and normalizeValue equals
 * the plain fold of every stage, over drifted values of every fixture contract.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Contract } from '../contract/contract.js';
import { planFor } from '../contract/normalization-plan.js';
import type { Intervention } from '../types.js';
import type { NormalizationPlan } from '../contract/normalization-plan.js';
import { aliasKeys, ALIAS_SCOPE, hasAliasedKey } from './alias-keys.js';
import { applyExtrasPolicy, EXTRAS_SCOPE, extrasPolicyAt, hasUndeclaredKey } from './apply-extras-policy.js';
import { coerceBySchema, COERCE_SCOPE, coerceNode, synonymsAt } from './coerce-by-schema.js';
import { walkScope, walkValue } from './walk-value.js';
import { NORMALIZE_STAGES, normalizeValue, type NormalizeOptions, type NormalizeOutcome } from './normalize-value.js';
import { shapeCheckFor, shapeIsCanonical } from './shape-is-canonical.js';
import type { CodeFactory } from './shape-check-code.js';
import { z } from 'zod';
import { toContract } from '../contract/contract.js';
import { FIXTURE_CONTRACTS, fixtureContract, type NormalizeFixtureContract } from './test-support/fixture-contracts.js';
import { driftedValues, enumPool, keyPool } from './test-support/drifted-values.js';

/** The reference: every stage in order, as normalizeValue ran before the fast path. */
function foldStages(value: unknown, contract: Contract<unknown>, options: NormalizeOptions): NormalizeOutcome {
  let current = value;
  const interventions: Intervention[] = [];
  for (const stage of NORMALIZE_STAGES) {
    const outcome = stage(current, contract, options);
    interventions.push(...outcome.interventions);
    if (outcome.failure !== undefined) return { value, interventions, failure: outcome.failure };
    current = outcome.value;
  }
  return { value: current, interventions };
}

const STAGE_SCOPES = [ALIAS_SCOPE, EXTRAS_SCOPE, COERCE_SCOPE];
const SHAPE_SCOPE = walkScope(
  (at, plan) => STAGE_SCOPES.some((scope) => scope.visits(at, plan)),
  (at, plan) => STAGE_SCOPES.some((scope) => scope.descend(at, plan)),
);

const FUNCTION = Function as unknown as CodeFactory;
/** A runtime whose content security policy forbids `new Function`. */
const FORBIDDEN: CodeFactory = () => {
  throw new EvalError('Code generation from strings disallowed for this context');
};

/** The reference: the generic walk asking every predicate at every visited node, as the check was first written. */
function walkedShapeIsCanonical(value: unknown, plan: NormalizationPlan): boolean {
  let canonical = true;
  walkValue(value, plan, (node, at, keys) => {
    if (!canonical) return node;
    if (keys !== undefined) {
      canonical = !hasAliasedKey(keys, plan, at) && (extrasPolicyAt(at.model, plan) === undefined || !hasUndeclaredKey(keys, at.model));
    }
    if (canonical) canonical = coerceNode(node, at.model, synonymsAt(plan, at.pattern)) === null;
    return node;
  }, 'pre', SHAPE_SCOPE);
  return canonical;
}

describe('shapeIsCanonical', () => {
  for (const name of Object.keys(FIXTURE_CONTRACTS) as NormalizeFixtureContract[]) {
    const contract = fixtureContract(name);
    const plan = planFor(contract);
    const values = driftedValues([...keyPool(plan.model)], [...enumPool(plan.model)]);

    it(`${name}: a canonical shape is left alone by aliasing, extras and coercion`, () => {
      fc.assert(
        fc.property(values, (value) => {
          if (!shapeIsCanonical(value, plan)) return;
          for (const stage of [aliasKeys, applyExtrasPolicy, coerceBySchema]) {
            const outcome = stage(value, contract, {});
            expect(outcome.value).toBe(value);
            expect(outcome.interventions).toEqual([]);
            expect(outcome.failure).toBeUndefined();
          }
        }),
        { numRuns: 200 },
      );
    });

    it(`${name}: the compiled check answers as the generic walk does`, () => {
      let canonical = 0;
      fc.assert(
        fc.property(values, (value) => {
          const answer = shapeIsCanonical(value, plan);
          if (answer) canonical++;
          expect(answer).toBe(walkedShapeIsCanonical(value, plan));
        }),
        { numRuns: 300 },
      );
      // Both answers occur, or agreeing would prove nothing.
      expect(canonical).toBeGreaterThan(0);
    });

    it(`${name}: code is generated, and the walk alone (where code cannot be) answers as the generic walk does`, () => {
      let compiled = 0;
      const counting: CodeFactory = (...args) => {
        compiled++;
        return FUNCTION(...args);
      };
      shapeCheckFor(plan, counting);
      // Code covers object and list roots; another root is the walk's alone.
      expect(compiled).toBe(plan.model.kind === 'object' || plan.model.kind === 'array' ? 1 : 0);
      const walkOnly = shapeCheckFor(plan, FORBIDDEN);
      fc.assert(
        fc.property(values, (value) => {
          expect(walkOnly(value)).toBe(walkedShapeIsCanonical(value, plan));
        }),
        { numRuns: 200 },
      );
    });

    it(`${name}: normalizeValue (fast paths and idle stages skipped) equals the fold of every stage`, () => {
      // A context is a record of values keyed like the output (`ticket_id`, a roster list, …).
      const contexts = fc.option(fc.dictionary(fc.constantFrom(...keyPool(plan.model), 'roster', 'ticket_id'), values), { nil: undefined });
      fc.assert(
        fc.property(values, fc.boolean(), contexts, (value, truncated, context) => {
          const options: NormalizeOptions = context === undefined ? { truncated } : { truncated, context };
          expect(normalizeValue(value, contract, options)).toEqual(foldStages(value, contract, options));
        }),
        { numRuns: 200 },
      );
    });
  }

  it('stays sound on objects with enumerable inherited keys and without a prototype', () => {
    const plan = planFor(fixtureContract('prd'));
    const proto = { Schema_Version: '1' };
    const inherits = Object.assign(Object.create(proto) as Record<string, unknown>, { schema_version: 1 });
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { schema_version: 1 });
    for (const value of [inherits, bare, { schema_version: 1 }]) {
      // Warm the layout cache with a plain object first, then ask about the odd one.
      shapeIsCanonical({ schema_version: 1 }, plan);
      const answer = shapeIsCanonical(value, plan);
      expect(!answer || walkedShapeIsCanonical(value, plan)).toBe(true);
    }
    expect(shapeIsCanonical(bare, plan)).toBe(true);
  });

  it('says no where a stage has work', () => {
    const plan = planFor(fixtureContract('prd'));
    expect(shapeIsCanonical({ schema_version: '1' }, plan)).toBe(false);
    expect(shapeIsCanonical({ Schema_Version: 1 }, plan)).toBe(false);
    expect(shapeIsCanonical({ schema_version: 1 }, plan)).toBe(true);
    // Scalar places judged without a walk: an enum value in another case, a numeric string.
    const bare = planFor(fixtureContract('bare'));
    expect(shapeIsCanonical({ title: 'x', tags: [], priority: 'LOW' }, bare)).toBe(false);
    expect(shapeIsCanonical({ title: 'x', tags: [], priority: 'low' }, bare)).toBe(true);
    const questions = planFor(fixtureContract('questions'));
    expect(shapeIsCanonical({ questions: [{ phase: 'Structure' }] }, questions)).toBe(walkedShapeIsCanonical({ questions: [{ phase: 'Structure' }] }, questions));
  });

  it("generates no code under Zod's jitless setting", () => {
    const plan = planFor(toContract(z.object({ a: z.number() })));
    const jitless = z.config().jitless;
    const generate = globalThis.Function;
    let made = 0;
    // Any `new Function` while the check is made is counted: there must be none.
    globalThis.Function = new Proxy(generate, { apply: (...args) => (made++, Reflect.apply(...args)), construct: (...args) => (made++, Reflect.construct(...args)) });
    try {
      z.config({ jitless: true });
      const check = shapeCheckFor(plan);
      expect(made).toBe(0);
      expect(check({ a: 1 })).toBe(true);
      expect(check({ a: '1' })).toBe(false);
      z.config({ jitless: false });
      shapeCheckFor(plan);
      expect(made).toBe(1);
    } finally {
      globalThis.Function = generate;
      z.config({ jitless });
    }
  });

  it('compiles schemas whose keys are not identifiers, and reads such keys as data', () => {
    const odd = ['a"b', 'c\\d', '\u2028', '</script>', 'constructor', '__proto__', 'x${1}'];
    const schema = z.object(Object.fromEntries(odd.map((key) => [key, z.number().optional()])));
    const plan = planFor(toContract(schema));
    let compiled = 0;
    const check = shapeCheckFor(plan, (...args) => {
      compiled++;
      return FUNCTION(...args);
    });
    expect(compiled).toBe(1);
    const clean = JSON.parse(JSON.stringify(Object.fromEntries(odd.map((key, i) => [key, i])))) as unknown;
    const drifted = JSON.parse('{"__proto__": "1", "constructor": 2}') as unknown;
    for (const value of [clean, drifted, JSON.parse('{"CONSTRUCTOR": 1}'), {}]) expect(check(value)).toBe(walkedShapeIsCanonical(value, plan));
    expect(check(clean)).toBe(true);
    expect(check(drifted)).toBe(false);
  });

  it('answers as the walk past the generated depth of a recursive schema', () => {
    type Node = { name: string; level?: number | undefined; children: Node[] };
    const node: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), level: z.number().optional(), children: z.array(node) }));
    const plan = planFor(toContract(z.object({ root: node })));
    const chain = (depth: number, leaf: unknown): unknown => (depth === 0 ? { name: 'leaf', level: leaf, children: [] } : { name: `n${depth}`, children: [chain(depth - 1, leaf)] });
    const answers: boolean[] = [];
    for (const depth of [1, 5, 6, 7, 8, 30]) {
      for (const leaf of [1, '1']) {
        const value = { root: chain(depth, leaf) };
        answers.push(shapeIsCanonical(value, plan));
        expect(answers.at(-1)).toBe(walkedShapeIsCanonical(value, plan));
      }
    }
    // A numeric string is coerced where the schema is modelled: past the generated depth (12) too.
    expect(shapeIsCanonical({ root: chain(7, '1') }, plan)).toBe(false);
    expect(answers).toContain(true);
  });
});
