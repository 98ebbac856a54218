/**
 * What running one peer case means for Airlock: the contract and options to call safeParse
 * with and the outcome that matches the peer, or why the case is out of scope (a peer option
 * with no Airlock equivalent, a schema the converters cannot read). Out-of-scope cases are
 * listed with their reason and left out of the rate.
 */
import type { AnySchema, Contract } from '../contract/contract.js';
import type { SafeParseOptions } from '../stage-types.js';
import type { ParseResult } from '../types.js';

/** The peer's form of a successful result's value (BAML's streamed output), compared instead of `data`. */
export type ResultView = (result: ParseResult<unknown>) => unknown;

/** The outcome that matches the peer. */
export type Expectation =
  /** The peer returns this value: match on success with a deep-equal value. */
  | { readonly kind: 'value'; readonly value: unknown }
  /** The peer throws: match on a refusal. */
  | { readonly kind: 'refusal' }
  /** The peer returns "" (it found no value): a refusal or the value "" matches. */
  | { readonly kind: 'empty' };

export type CasePlan =
  | {
      readonly scored: true;
      /** Row of the per-kind table (the case's kind plus its option grouping). */
      readonly group: string;
      readonly contract: Contract<unknown> | AnySchema<unknown>;
      readonly options: SafeParseOptions;
      readonly expect: Expectation;
      /**
       * `repairJson`: a jsonrepair-style case whose answer is a bare scalar (`abc` → "abc"),
       * run through the string repairer, since safeParse reads artifacts (objects and
       * lists) and refuses prose on purpose.
       */
      readonly via?: 'repairJson';
      readonly view?: ResultView;
    }
  | { readonly scored: false; readonly group: string; readonly reason: string };

/** True when the peer does not return a value on this case. */
export function peerRefuses(expect: Expectation): boolean {
  return expect.kind !== 'value';
}

/**
 * A plan that scores the case.
 *
 * @example
 * scoredPlan('repair', z.unknown(), {}, { kind: 'value', value: [1] })
 */
export function scoredPlan(group: string, contract: Contract<unknown> | AnySchema<unknown>, options: SafeParseOptions, expect: Expectation, via?: 'repairJson', view?: ResultView): CasePlan {
  return { scored: true, group, contract, options, expect, ...(via !== undefined && { via }), ...(view !== undefined && { view }) };
}

/**
 * A plan that leaves the case out of the score, with the reason.
 *
 * @example
 * outOfScope('schema streaming', 'streaming: partial semantics (a later issue)')
 */
export function outOfScope(group: string, reason: string): CasePlan {
  return { scored: false, group, reason };
}

/** What a case whose kind is `repair`/`schema` or `throw` expects, `expected: ""` read as the peer giving up. */
export function expectationOf(c: { kind: string; expected?: unknown; expected_empty?: boolean }): Expectation {
  if (c.kind === 'throw') return { kind: 'refusal' };
  if (c.expected_empty === true) return { kind: 'empty' };
  return { kind: 'value', value: c.expected };
}
