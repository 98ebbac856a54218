/**
 * Small readers {@link suggestContractAdditions} needs: validation paths back
 * to segments, values and schema models at a path, field patterns, whether a
 * stripped value fits a field, and which allowed value an unknown one means.
 */
import { normKey, type SchemaModel } from '@airlock/core/internal';

export type Segment = string | number;

/**
 * `issues[0].severity` → `['issues', 0, 'severity']` (the inverse of core's `formatPath`); `(root)` → `[]`.
 *
 * @example
 * parseIssuePath('issues[2].file'); // ['issues', 2, 'file']
 */
export function parseIssuePath(path: string): Segment[] | undefined {
  if (path === '(root)') return [];
  const segments: Segment[] = [];
  const token = /([^.[\]]+)|\[(\d+)\]|\./gy;
  let match: RegExpExecArray | null;
  while (token.lastIndex < path.length && (match = token.exec(path)) !== null) {
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2] !== undefined) segments.push(Number(match[2]));
  }
  return token.lastIndex === path.length || segments.length > 0 ? segments : undefined;
}

/** The value at a path, or undefined when any step is missing (own keys only). */
export function valueAt(value: unknown, segments: readonly Segment[]): unknown {
  let current = value;
  for (const segment of segments) {
    if (typeof current !== 'object' || current === null || !Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
    current = (current as Record<string, unknown>)[segment as string];
  }
  return current;
}

/** The schema model at a path (`unknown` where the model cannot follow). */
export function modelAt(model: SchemaModel, segments: readonly Segment[]): SchemaModel {
  let current = model;
  for (const segment of segments) {
    if (current.kind === 'object' && typeof segment === 'string') current = current.shape.get(segment) ?? { kind: 'unknown' };
    else if (current.kind === 'array' && typeof segment === 'number') current = current.element;
    else if (current.kind === 'record' && typeof segment === 'string') current = current.value;
    else return { kind: 'unknown' };
  }
  return current;
}

/**
 * The field pattern of a path, as contracts write it: list indexes become `[]`.
 *
 * @example
 * pattern(['issues', 0, 'severity']); // 'issues[].severity'
 */
export function pattern(segments: readonly Segment[]): string {
  let out = '';
  for (const segment of segments) out += typeof segment === 'number' ? '[]' : out === '' ? segment : `.${segment}`;
  return out;
}

/** The value a stripped-key intervention recorded (`before` holds its JSON), or undefined. */
export function jsonOf(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Whether a value could be the field: same kind of value (a string for an enum, a list for a list, …). */
export function compatible(value: unknown, model: SchemaModel): boolean {
  switch (model.kind) {
    case 'object':
    case 'record':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    case 'enum':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
    case 'number':
      return typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)));
    case 'string':
      return typeof value === 'string';
    case 'boolean':
      return typeof value === 'boolean' || value === 'true' || value === 'false';
    default:
      return value !== undefined;
  }
}

function commonPrefix(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * The allowed value an unknown one most likely means: one that contains it or
 * is contained in it, or shares a prefix of 3+ characters (case and symbols
 * ignored); else the field's most common valid value, flagged as a guess.
 *
 * @example
 * canonicalGuess('Request changes', ['approve', 'request_changes']); // { canonical: 'request_changes', guessed: false }
 */
export function canonicalGuess(value: string, allowed: readonly string[], seen?: ReadonlyMap<string, number>): { canonical: string; guessed: boolean } {
  const key = normKey(value);
  let best: { canonical: string; score: number } | undefined;
  for (const option of allowed) {
    const optionKey = normKey(option);
    const score = optionKey === '' || key === '' ? 0 : optionKey.includes(key) || key.includes(optionKey) ? 100 + Math.min(key.length, optionKey.length) : commonPrefix(key, optionKey);
    if (score >= 3 && (best === undefined || score > best.score)) best = { canonical: option, score };
  }
  if (best !== undefined) return { canonical: best.canonical, guessed: false };
  const common = [...(seen ?? new Map<string, number>())].filter(([v]) => allowed.includes(v)).sort((a, b) => b[1] - a[1])[0]?.[0];
  return { canonical: common ?? allowed[0] ?? value, guessed: true };
}
