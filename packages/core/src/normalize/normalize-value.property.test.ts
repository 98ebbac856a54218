/**
 * Properties of the engine over drifted outputs of the fixture contracts:
 * idempotence (canonical output is left alone, with no interventions), no
 * invented values (every string of the output comes from the input, the
 * context, or the contract), totality, and no prototype pollution.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Contract } from '../contract/contract.js';
import { schemaModel, type SchemaModel } from '../contract/schema-model.js';
import { validateValue } from '../validate/validate-value.js';
import { canonicalPath } from './normalize-paths.js';
import { normalizeValue, type NormalizeOptions } from './normalize-value.js';
import { fixtureContract, type NormalizeFixtureContract } from './test-support/fixture-contracts.js';
import { objectFrom } from './value-tree.js';

const RUNS = { numRuns: 150 };
const CONTEXT = { ticket_id: 'T-CONTEXT' };

/** An object from drawn entries, so `__proto__` keys become own data keys as in JSON.parse. */
function objectOf(entries: fc.Arbitrary<[string, unknown]>, maxLength = 6): fc.Arbitrary<Record<string, unknown>> {
  return fc.array(entries, { maxLength }).map((list) => objectFrom(list));
}

const text = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('a', 'b', 'docs/x.md', '.\\src\\a.ts', './b', 'x'));
const scalar = fc.oneof(text, fc.integer({ min: -3, max: 30 }), fc.boolean(), fc.constant(null), fc.constantFrom('1', '2.5', 'true', 'FALSE'));
const field = (keys: string[], value: fc.Arbitrary<unknown> = scalar) => fc.tuple(fc.constantFrom(...keys), value) as fc.Arbitrary<[string, unknown]>;
const listOrOne = (item: fc.Arbitrary<unknown>) => fc.oneof(fc.array(item, { maxLength: 4 }), item);
const wrapped = (inner: fc.Arbitrary<unknown>) => fc.oneof(inner, inner.map((v) => ({ output: v })), inner.map((v) => ({ result: { data: v } })));

const erkEntry = objectOf(field(['action', 'title', 'name', 'trigger_pattern', 'warning', 'description', 'target_doc_path', 'Target-Doc-Path', 'severity', '__proto__', 'constructor']));
const questionEntry = objectOf(
  fc.oneof(
    field(['id'], fc.oneof(fc.integer({ min: 0, max: 12 }), fc.constantFrom('q1', 'Q1', 'Q01', 'Q2', 'Q03', 'x', ''), fc.constant(null))),
    field(['phase'], fc.constantFrom('foundation', 'Structure', 'ASSEMBLY', 'other')),
    field(['question', 'Question']),
  ),
);
const gate = fc.constantFrom<unknown>(true, false, 0, 1, 'ok', 'Passed', 'timed out', 'weird', 'pass');
const beadStatus = objectOf(
  fc.oneof(field(['status', 'Status'], fc.constantFrom('done', 'Completed', 'failed', 'blocked')), field(['checks'], objectOf(field(['tests', 'test', 'lint', 'linter', 'type-check', 'typecheck', 'review', 'qualitative'], gate)))),
);
const fileEntry = objectOf(field(['path', 'relevance', 'likely_action', 'rationale'], fc.oneof(text, fc.constantFrom('high', 'Medium', 'read'))));
const relevantFiles = objectOf(fc.oneof(field(['files'], listOrOne(fileEntry)), field(['file_count'], fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constant('3')))));
const rubric = objectOf(field(['category', 'score'], fc.oneof(fc.integer({ min: 0, max: 40 }), text)));
const scorecard = objectOf(field(['drafts'], listOrOne(objectOf(fc.oneof(field(['draft', 'total_score']), field(['rubric'], fc.array(rubric, { maxLength: 3 })))))));
const story = objectOf(fc.oneof(field(['id'], fc.constantFrom('US-1-1', 'us-1-2', 'US-2-1', '')), field(['title', 'acceptance_criteria', 'AcceptanceCriteria'])));
const epic = objectOf(fc.oneof(field(['id'], fc.constantFrom('EPIC-1', 'epic-2', 'EPIC-1', 'x')), field(['title']), field(['user_stories', 'stories'], listOrOne(story))));
const prd = objectOf(fc.oneof(field(['schema_version', 'ticket_id', 'TicketId', 'status']), field(['epics'], listOrOne(epic))));
const beads = objectOf(field(['beads'], fc.array(objectOf(fc.oneof(field(['id', 'bead_id'], fc.constantFrom('auth', 'auth', 'auth-2', 'db')), field(['title', 'blocked_by']))), { maxLength: 5 })));
const setupStep = objectOf(field(['id', 'title', 'purpose', 'rationale'], fc.oneof(text, fc.constantFrom('setup-step-1', 'setup-step-2'))));
const setupPlan = objectOf(fc.oneof(field(['status'], fc.constantFrom('draft', 'Planned', 'review', 'other')), field(['temp_roots', 'commands'], listOrOne(text)), field(['steps'], fc.array(setupStep, { maxLength: 3 }))));

const DRIFT: [NormalizeFixtureContract, fc.Arbitrary<unknown>][] = [
  ['erk', wrapped(objectOf(field(['candidates', 'tripwire_candidates', 'Candidates'], listOrOne(erkEntry))))],
  ['questions', objectOf(field(['questions'], listOrOne(questionEntry)))],
  ['bead_status', wrapped(beadStatus)],
  ['relevant_files', relevantFiles],
  ['scorecard', scorecard],
  ['prd', wrapped(prd)],
  ['beads', beads],
  ['setup_plan', setupPlan],
  ['bare', fc.oneof(fc.jsonValue(), objectOf(field(['title', 'Title', 'tags', 'priority'])))],
];

const contractOf = fixtureContract;

function strings(value: unknown, out: Set<string> = new Set(), depth = 0): Set<string> {
  if (depth > 64) return out;
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out, depth + 1);
  else if (typeof value === 'object' && value !== null) for (const k of Object.keys(value)) strings((value as Record<string, unknown>)[k], out, depth + 1);
  return out;
}

function enumStrings(model: SchemaModel, out: Set<string>, depth = 0): void {
  if (depth > 24) return;
  if (model.kind === 'enum') for (const v of model.values) if (typeof v === 'string') out.add(v);
  if (model.kind === 'object') for (const m of model.shape.values()) enumStrings(m, out, depth + 1);
  if (model.kind === 'array') enumStrings(model.element, out, depth + 1);
  if (model.kind === 'record') enumStrings(model.value, out, depth + 1);
}

/** Strings the contract itself declares: synonyms, fallbacks, defaults, enum values. */
function declared(contract: Contract<unknown>): Set<string> {
  const out = strings(contract.normalization.synonyms);
  strings(contract.normalization.defaults, out);
  enumStrings(schemaModel(contract.schema), out);
  return out;
}

/** Ids made by a declared format, or a -k suffix of an input id. */
const ID_FORMS = [/^Q\d{2,}$/, /^EPIC-\d+$/, /^US-\d+-\d+$/, /^bead-\d+$/, /^setup-step-\d+$/];

describe('normalizeValue properties', () => {
  it.each(DRIFT)('%s: normalizing a normalized value is a no-op', (name, arbitrary) => {
    const contract = contractOf(name);
    fc.assert(
      fc.property(arbitrary, fc.boolean(), (input, withContext) => {
        const options: NormalizeOptions = withContext ? { context: CONTEXT } : {};
        const once = normalizeValue(input, contract, options);
        if (once.failure !== undefined) return;
        const twice = normalizeValue(once.value, contract, options);
        expect(twice.interventions).toEqual([]);
        expect(twice.failure).toBeUndefined();
        expect(twice.value).toBe(once.value);
      }),
      RUNS,
    );
  });

  it.each(DRIFT)('%s: never invents a string absent from the input, context and contract', (name, arbitrary) => {
    const contract = contractOf(name);
    const allowed = declared(contract);
    fc.assert(
      fc.property(arbitrary, (input) => {
        const out = normalizeValue(input, contract, { context: CONTEXT });
        if (out.failure !== undefined) return;
        const inputs = strings(input);
        for (const s of strings(out.value)) {
          const fromInput = inputs.has(s) || [...inputs].some((i) => canonicalPath(i) === s || i.trim().toLowerCase() === s.toLowerCase() || s.startsWith(`${i}-`));
          const fromContract = allowed.has(s) || s === CONTEXT.ticket_id || ID_FORMS.some((r) => r.test(s));
          expect(fromInput || fromContract, `invented ${JSON.stringify(s)}`).toBe(true);
        }
      }),
      RUNS,
    );
  });

  it('is total: any value, truncated or not, yields interventions and a value or a refusal', () => {
    for (const [name, arbitrary] of DRIFT) {
      const contract = contractOf(name);
      fc.assert(
        fc.property(fc.oneof(arbitrary, fc.anything()), fc.boolean(), (input, truncated) => {
          const out = normalizeValue(input, contract, { truncated, context: CONTEXT });
          expect(Array.isArray(out.interventions)).toBe(true);
          if (out.failure === undefined) validateValue(contract.schema, out.value);
        }),
        { numRuns: 60 },
      );
    }
  });

  it('treats __proto__ and constructor keys as data', () => {
    const input = JSON.parse('{"__proto__":{"polluted":true},"tripwire_candidates":[{"__proto__":{"polluted":true},"title":"a","constructor":{"prototype":{"polluted":true}},"description":"w","target_doc_path":"d"}]}') as unknown;
    const keep = contractOf('erk');
    const out = normalizeValue({ output: input }, keep);
    expect(out.value).toEqual({ candidates: [{ action: 'a', warning: 'w', target_doc_path: 'd' }] });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(out.value)).toBe(Object.prototype);
    expect(out.interventions.filter((i) => i.rule === 'extra_key_stripped').map((i) => i.path)).toEqual([['__proto__'], ['candidates', 0, '__proto__'], ['candidates', 0, 'constructor']]);
  });

  it('returns the same reference when nothing changes', () => {
    const canonical = { candidates: [{ action: 'a', warning: 'w', target_doc_path: 'd' }] };
    const out = normalizeValue(canonical, contractOf('erk'));
    expect(out.value).toBe(canonical);
    expect(out.interventions).toEqual([]);
  });
});
