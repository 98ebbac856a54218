/**
 * Coverage results (spec §4): PROM5 (interview), PROM13 (PRD) and PROM23
 * (beads) all answer `status`, `gaps` (`issues`) and `follow_up_questions`
 * (`followUpQuestions`), read by LoopTroop's normalizeCoverageResultOutput;
 * each phase then applies its own rules, so there is one contract per phase
 * beside the envelope itself:
 *
 * - `coverageResult`: the envelope (LoopTroop's parser, no phase rule).
 * - `prdCoverageResult`, `beadsCoverageResult`: follow-ups ignored; `clean`
 *   with gaps, or `gaps` without a gap, refused.
 * - `interviewCoverageResult`: `gaps` needs a follow-up (unless the budget
 *   `context.max_follow_ups` is 0), follow-ups over the budget are cut, ids
 *   that collide (`context.question_ids`, `QFF1`, each other) become `CFU<n>`,
 *   phase defaults to `Structure` and priority to `high`.
 *
 * LoopTroop reads all of it silently: a one-key root collapses (`coverage`,
 * `result`, any single key; refused when that leaves no object, so
 * `status: clean` alone is refused), the status is trimmed and lowercased
 * (`pass` → clean, `fail` → gaps, unknown → gaps when there are gaps or
 * follow-ups), gaps are a lenient string list, a string follow-up becomes
 * `{id: FU<n>, question}`. Follow-up objects are read by their exact keys.
 */
import type { CheckNote, ContractCheck } from '@airlock/core';
import { z } from 'zod';
import { answerShape } from './interview-asked-questions.js';
import { interviewBatchQuestionSchema } from './interview-turn.js';
import { isRecord, readAlias, stringList, text } from './interview-fields.js';
import { defineLoopTroopContract } from './looptroop/looptroop-vocabulary.js';

const CLEAN = ['clean', 'pass', 'coverage_complete', 'coverage_pass'];
const GAPS = ['gaps', 'fail', 'coverage_gaps', 'coverage_fail'];

/** A follow-up question object: read like a batch question (exact keys; answer type and options as in a batch). */
export const coverageFollowUpSchema = interviewBatchQuestionSchema;

/** A coverage result as the model writes it (a one-key wrapper around it is collapsed by the check). */
export const coverageResultSchema = z.looseObject({
  status: z.string().optional(),
  gaps: z.union([z.array(z.unknown()), z.string()]).optional(),
  follow_up_questions: z.array(z.union([coverageFollowUpSchema, z.string()])).optional(),
});

export type CoverageResult = z.infer<typeof coverageResultSchema>;
type FollowUp = Record<string, unknown> & { id: string; question: string };
type Envelope = { status: 'clean' | 'gaps'; gaps: string[]; follow_up_questions: FollowUp[] };

const stringField = (record: Record<string, unknown>, key: string): string | undefined => (typeof record[key] === 'string' ? (record[key] as string) : undefined);

/** Follow-ups as LoopTroop reads them: strings → `{id: FU<n>, question}`, objects by exact keys, empty text dropped. */
function followUps(value: unknown, notes: CheckNote[]): FollowUp[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry, index): FollowUp[] => {
    if (typeof entry === 'string') return entry.trim() === '' ? [] : [{ id: `FU${index + 1}`, question: entry.trim() }];
    const record = isRecord(entry) ? entry : {};
    const question = (stringField(record, 'question') ?? stringField(record, 'prompt') ?? stringField(record, 'text') ?? '').trim();
    const id = stringField(record, 'id') ?? `FU${index + 1}`;
    const shape = answerShape(record, `Coverage follow-up question ${id}`, notes, ['follow_up_questions', index]);
    if (question === '') return [];
    const extra = Object.fromEntries(['phase', 'priority', 'rationale'].flatMap((k) => (stringField(record, k) === undefined ? [] : [[k, stringField(record, k)]])));
    return [{ id, question, ...extra, ...shape }];
  });
}

/** The envelope, or LoopTroop's refusal. `withFollowUps: false` leaves them unread (PRD and beads coverage). */
function readEnvelope(value: unknown, withFollowUps: boolean, notes: CheckNote[]): Envelope | { issue: string } {
  let doc = value;
  while (isRecord(doc) && Object.keys(doc).length === 1) doc = Object.values(doc)[0];
  if (!isRecord(doc)) return { issue: 'Coverage output is not a YAML/JSON object' };
  const rawStatus = readAlias(doc, ['status']);
  const status = typeof rawStatus === 'string' ? rawStatus.trim().toLowerCase() : '';
  const gaps = stringList(readAlias(doc, ['gaps', 'issues']));
  const asked = withFollowUps ? followUps(readAlias(doc, ['follow_up_questions']), notes) : [];
  const settled = CLEAN.includes(status) ? 'clean' : GAPS.includes(status) ? 'gaps' : asked.length > 0 || gaps.length > 0 ? 'gaps' : undefined;
  if (settled === undefined) return { issue: 'Coverage output missing valid status' };
  return { status: settled, gaps, follow_up_questions: asked };
}

const envelopeCheck: ContractCheck<CoverageResult> = {
  name: 'coverage result',
  run(value) {
    const notes: CheckNote[] = [];
    const envelope = readEnvelope(value, true, notes);
    return 'issue' in envelope ? { issues: [envelope.issue] } : { value: envelope, notes };
  },
};

/** PRD and beads coverage: the status must agree with the gaps. */
function strictCheck(artifact: string): ContractCheck<CoverageResult> {
  return {
    name: `${artifact} coverage result`,
    run(value) {
      const envelope = readEnvelope(value, false, []);
      if ('issue' in envelope) return { issues: [envelope.issue] };
      if (envelope.status === 'clean' && envelope.gaps.length > 0) return { issues: [`${artifact} coverage reported status clean but listed ${envelope.gaps.length} gap(s)`] };
      if (envelope.status === 'gaps' && envelope.gaps.length === 0) return { issues: [`${artifact} coverage reported status gaps without any non-empty gap`] };
      return { value: { status: envelope.status, gaps: envelope.gaps } };
    },
  };
}

/** The first `CFU<n>` not taken. */
function freshId(taken: Set<string>): string {
  let n = 1;
  while (taken.has(`CFU${n}`)) n++;
  return `CFU${n}`;
}

const interviewCheck: ContractCheck<CoverageResult> = {
  name: 'interview coverage result',
  run(value, context) {
    const notes: CheckNote[] = [];
    const envelope = readEnvelope(value, true, notes);
    if ('issue' in envelope) return { issues: [envelope.issue] };
    const budget = typeof context['max_follow_ups'] === 'number' ? context['max_follow_ups'] : undefined;
    let asked = envelope.follow_up_questions;
    if (envelope.status === 'gaps' && asked.length === 0 && budget !== 0) return { issues: ['Coverage reported gaps but no parseable follow-up question'] };
    if (budget !== undefined && asked.length > budget) {
      notes.push({ rule: 'check_dropped', message: `Truncated ${asked.length - budget} coverage follow-up question(s) over the follow-up budget of ${budget}.`, path: ['follow_up_questions'] });
      asked = asked.slice(0, Math.max(0, budget));
    }
    const existing = Array.isArray(context['question_ids']) ? context['question_ids'].flatMap((id) => (text(id) === undefined ? [] : [text(id)!])) : [];
    // Earlier follow-ups keep their ids; a later one that repeats an id already taken is renamed.
    const taken = new Set(['QFF1', ...existing]);
    const written = new Set(asked.map((q) => q.id));
    const questions = asked.map((q, index) => {
      let id = q.id;
      if (taken.has(id)) {
        id = freshId(new Set([...taken, ...written]));
        notes.push({ rule: 'check_canonicalized', message: `Renamed coverage follow-up question id ${q.id} to ${id}: it collides with an existing question id.`, path: ['follow_up_questions', index, 'id'], before: q.id, after: id });
      }
      taken.add(id);
      return { ...q, id, phase: text(q['phase']) ?? 'Structure', priority: text(q['priority']) ?? 'high' };
    });
    return { value: { ...envelope, follow_up_questions: questions }, notes };
  },
};

const COMMON = { schema: coverageResultSchema, replaceDefaultWrappers: true, keyMatching: 'loose', extras: 'keep' } as const;

/**
 * A coverage result as LoopTroop's coverage parser reads it, no phase rule:
 * `{ status: 'clean' | 'gaps', gaps: string[], follow_up_questions: [{ id, question, … }] }`.
 *
 * @example
 * safeParse('status: FAIL\nissues: |\n  - Missing rollback\nfollowUpQuestions:\n  - What if validation fails?', coverageResult).data
 * // { status: 'gaps', gaps: ['Missing rollback'], follow_up_questions: [{ id: 'FU1', question: 'What if validation fails?' }] }
 */
export const coverageResult = defineLoopTroopContract({ name: 'looptroop.coverage-result', ...COMMON, checks: [envelopeCheck] });

/**
 * PROM13 PRD coverage: `{ status, gaps }`; `clean` with gaps or `gaps` without one refused.
 *
 * @example
 * safeParse('status: clean\ngaps: [Story US-2 has no test]', prdCoverageResult).success // false
 */
export const prdCoverageResult = defineLoopTroopContract({ name: 'looptroop.prd-coverage-result', ...COMMON, checks: [strictCheck('PRD')] });

/**
 * PROM23 beads coverage: `{ status, gaps }`; `clean` with gaps or `gaps` without one refused.
 *
 * @example
 * safeParse('status: gaps\ngaps: []', beadsCoverageResult).success // false
 */
export const beadsCoverageResult = defineLoopTroopContract({ name: 'looptroop.beads-coverage-result', ...COMMON, checks: [strictCheck('Beads')] });

/**
 * PROM5 interview coverage, with the runtime rules of the interview session
 * (`context.max_follow_ups`, `context.question_ids`, both optional).
 *
 * @example
 * safeParse('status: gaps\ngaps: [No owner]\nfollow_up_questions:\n  - id: Q01\n    question: Who owns it?', interviewCoverageResult, { context: { question_ids: ['Q01'] } }).data
 * // { status: 'gaps', gaps: ['No owner'], follow_up_questions: [{ id: 'CFU1', question: 'Who owns it?', phase: 'Structure', priority: 'high' }] }
 */
export const interviewCoverageResult = defineLoopTroopContract({ name: 'looptroop.interview-coverage-result', ...COMMON, checks: [interviewCheck] });
