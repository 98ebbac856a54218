/**
 * The artifact's own wording: a contract may say how each kind of change is
 * told (`Renumbered duplicate epic id EPIC-1 to EPIC-3.`) and at which stage
 * it counts (`semantic_validation` when a reference artifact was compared),
 * so a report reads in the words its users already know. Only the message
 * and stage change; rule, category, path and excerpts stay the engine's.
 */
import type { Wording } from '../contract/normalization-spec.js';
import type { Intervention, ValuePath } from '../types.js';
import { formatPath } from '../validate/validate-value.js';
import { getOwn, isPlainObject } from './value-tree.js';

const BARE = /^[^.[\]*]+$/;

/** Pattern tokens: keys, `*` (any key) and `[]` (any index). */
function tokensOf(pattern: string): string[] {
  const tokens: string[] = [];
  for (const segment of pattern.split('.')) {
    let key = segment;
    let lists = 0;
    while (key.endsWith('[]')) {
      key = key.slice(0, -2);
      lists++;
    }
    if (key !== '') tokens.push(key);
    for (let k = 0; k < lists; k++) tokens.push('[]');
  }
  return tokens;
}

/**
 * True when a value path lies at a wording's place.
 *
 * @example
 * placeMatches('epics[].id', ['epics', 2, 'id']) // true
 * placeMatches('id', ['epics', 2, 'id'])         // true (bare key name)
 */
export function placeMatches(at: string, path: ValuePath): boolean {
  if (BARE.test(at)) return path.findLast((s) => typeof s === 'string') === at;
  const tokens = tokensOf(at);
  return tokens.length === path.length && tokens.every((token, k) => {
    const segment = path[k];
    return token === '[]' ? typeof segment === 'number' : typeof segment === 'string' && (token === '*' || token === segment);
  });
}

/** An excerpt as text: a JSON string without its quotes, anything else as written. */
function textOf(excerptText: string | undefined): string {
  if (excerptText === undefined) return '';
  if (excerptText.length >= 2 && excerptText.startsWith('"') && excerptText.endsWith('"')) {
    try {
      return String(JSON.parse(excerptText));
    } catch {
      return excerptText;
    }
  }
  return excerptText;
}

/** The `id` of the innermost list item on the path, read in the value after the change. */
function idOnPath(value: unknown, path: ValuePath): string {
  const last = path.findLastIndex((s) => typeof s === 'number');
  if (last < 0) return '';
  let node = value;
  for (const segment of path.slice(0, last + 1)) {
    node = typeof segment === 'number' ? (Array.isArray(node) ? node[segment] : undefined) : isPlainObject(node) ? getOwn(node, segment) : undefined;
  }
  const id = isPlainObject(node) ? getOwn(node, 'id') : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}

function render(template: string, change: Intervention, value: unknown): string {
  const path = change.path ?? [];
  const numbers = path.filter((s): s is number => typeof s === 'number');
  const keys = path.filter((s): s is string => typeof s === 'string');
  return template.replace(/\{(path|key|parent|index|i|before|after|id)\}/g, (_, name: string) => {
    switch (name) {
      case 'path':
        return formatPath(path);
      case 'key':
        return keys.at(-1) ?? '';
      case 'parent':
        return keys.at(-2) ?? '';
      case 'index':
        return String(numbers.at(-1) ?? '');
      case 'i':
        return String((numbers.at(-2) ?? 0) + 1);
      case 'before':
        return textOf(change.before);
      case 'after':
        return textOf(change.after);
      default:
        return idOnPath(value, path);
    }
  });
}

/**
 * Rewords a stage's interventions with the contract's wording (first match wins).
 *
 * @example
 * applyWording([renumbered], value, [{ rule: 'id_renumbered', message: 'Renumbered duplicate epic id {before} to {after}.' }])
 * // [{ ...renumbered, message: 'Renumbered duplicate epic id EPIC-1 to EPIC-3.' }]
 */
export function applyWording(interventions: readonly Intervention[], value: unknown, wording: readonly Wording[] | undefined): Intervention[] {
  if (wording === undefined || wording.length === 0) return interventions as Intervention[];
  return interventions.map((change) => {
    const found = wording.find((w) => w.rule === change.rule && (w.at === undefined || placeMatches(w.at, change.path ?? [])));
    if (found === undefined) return change;
    const reworded: Intervention = { ...change };
    if (found.message !== undefined) reworded.message = render(found.message, change, value);
    if (found.stage !== undefined) reworded.stage = found.stage;
    return reworded;
  });
}
