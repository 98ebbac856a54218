/**
 * Answer types and options of the questions LoopTroop puts to the user: the
 * questions of an interview batch (PROM4) and coverage follow-ups (PROM5).
 * Both read them the same way and silently: `yes_no` becomes a Yes/No single
 * choice, loose type names map to the three types (unknown → free text),
 * options may be strings or objects, are capped (10 single / 15 multiple) and
 * a choice without options is free text. Only the removal of repeated option
 * ids is reported.
 */
import type { CheckNote } from '@airlock/core';
import { isRecord, readAlias, readText, text } from './interview-fields.js';

export type AnswerType = 'free_text' | 'single_choice' | 'multiple_choice';
export type QuestionOption = { id: string; label: string };

/** LoopTroop's caps on options. */
export const MAX_SINGLE_CHOICE_OPTIONS = 10;
export const MAX_MULTIPLE_CHOICE_OPTIONS = 15;

const TYPE_NAMES: Readonly<Record<string, AnswerType | 'yes_no'>> = {
  yesno: 'yes_no',
  boolean: 'yes_no',
  bool: 'yes_no',
  singlechoice: 'single_choice',
  radio: 'single_choice',
  single: 'single_choice',
  multiplechoice: 'multiple_choice',
  multchoice: 'multiple_choice',
  multichoice: 'multiple_choice',
  multi: 'multiple_choice',
  checkbox: 'multiple_choice',
  freetext: 'free_text',
  free: 'free_text',
  text: 'free_text',
  open: 'free_text',
};

const YES_NO: readonly QuestionOption[] = [
  { id: 'yes', label: 'Yes' },
  { id: 'no', label: 'No' },
];

function readOption(value: unknown, index: number): QuestionOption | undefined {
  if (typeof value === 'string') {
    const label = text(value);
    return label === undefined ? undefined : { id: `opt${index + 1}`, label };
  }
  if (!isRecord(value)) return undefined;
  const label = readText(value, ['label', 'text', 'name', 'option', 'description']);
  if (label === undefined) return undefined;
  return { id: text(readAlias(value, ['id', 'key', 'value'])) ?? `opt${index + 1}`, label };
}

/** The answer type and options of a question, in the contract's keys (`answer_type`, `options`). */
export type AnswerShape = { answer_type?: 'single_choice' | 'multiple_choice'; options?: QuestionOption[] };

/**
 * Answer type and options of one question object; `label` names the question
 * in the duplicate-option message (`Interview batch question Q01`).
 *
 * @example
 * answerShape({ type: 'Yes/No', options: ['maybe'] }, 'Interview batch question Q01', notes, ['questions', 0])
 * // { answer_type: 'single_choice', options: [{ id: 'yes', label: 'Yes' }, { id: 'no', label: 'No' }] }
 */
export function answerShape(question: Record<string, unknown>, label: string, notes: CheckNote[], path: readonly (string | number)[]): AnswerShape {
  const rawType = readAlias(question, ['answer_type', 'type', 'input_type']);
  const named = typeof rawType === 'string' ? TYPE_NAMES[rawType.toLowerCase().replace(/[^a-z]/g, '')] : undefined;
  const rawOptions = readAlias(question, ['options', 'choices', 'answers']);
  let type: AnswerType | undefined = named === 'yes_no' ? 'single_choice' : named;
  let options: QuestionOption[] | undefined =
    named === 'yes_no' ? [...YES_NO] : Array.isArray(rawOptions) ? rawOptions.map(readOption).filter((o): o is QuestionOption => o !== undefined) : undefined;
  if (options !== undefined) {
    const seen = new Set<string>();
    const repeated = new Set<string>();
    options = options.filter((o) => (seen.has(o.id) ? (repeated.add(o.id), false) : (seen.add(o.id), true)));
    if (repeated.size > 0) {
      notes.push({ rule: 'check_dropped', message: `${label}: removed duplicate option ids ${[...repeated].join(', ')} and kept the first occurrence.`, path: [...path, 'options'] });
    }
  }
  if (type === 'single_choice' || type === 'multiple_choice') {
    if (options === undefined || options.length === 0) [type, options] = [undefined, undefined];
    else options = options.slice(0, type === 'single_choice' ? MAX_SINGLE_CHOICE_OPTIONS : MAX_MULTIPLE_CHOICE_OPTIONS);
  }
  return {
    ...(type !== undefined && type !== 'free_text' && { answer_type: type }),
    ...(options !== undefined && options.length > 0 && { options }),
  };
}
