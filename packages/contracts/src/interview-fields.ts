/**
 * Field reading shared by the interview family (question lists, refinement,
 * interview turn, coverage results). LoopTroop reads these artifacts by
 * key spellings (`Question-ID` = `question_id` = `questionid`) and aliases
 * WITHOUT reporting a repair, so the contracts keep the model's keys (loose
 * objects) and their checks read them here, silently, the way LoopTroop does.
 */

/** A plain object (not a list, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A key compared by its letters and digits, lowercase (`Follow-Up_Questions` → `followupquestions`). */
export function normKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * The value of the first alias present (aliases in order; each matched by
 * spelling up to case and separators), or undefined.
 *
 * @example
 * readAlias({ Category: 'foundation' }, ['phase', 'category']) // 'foundation'
 */
export function readAlias(object: Record<string, unknown>, aliases: readonly string[]): unknown {
  const keys = Object.keys(object);
  for (const alias of aliases) {
    const wanted = normKey(alias);
    const key = keys.find((k) => normKey(k) === wanted);
    if (key !== undefined) return object[key];
  }
  return undefined;
}

/** Whether any of the aliases is present as a key. */
export function hasAlias(object: Record<string, unknown>, aliases: readonly string[]): boolean {
  const wanted = new Set(aliases.map(normKey));
  return Object.keys(object).some((k) => wanted.has(normKey(k)));
}

/** A non-empty trimmed string from a string (or a number, written out), else undefined. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** The first alias holding a non-empty string (key order of the object, like LoopTroop's record reader). */
export function readText(object: Record<string, unknown>, aliases: readonly string[]): string | undefined {
  const wanted = new Set(aliases.map(normKey));
  for (const [key, value] of Object.entries(object)) {
    if (!wanted.has(normKey(key))) continue;
    const found = text(value);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** An integer from a number or an integer string, else null. */
export function toInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value.trim());
  return null;
}

/** LoopTroop's booleans: `true/false/yes/no/y/n/1/0` (any case), else undefined. */
export function toBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value !== 'string') return undefined;
  const v = value.trim().toLowerCase();
  if (['true', 'yes', 'y', '1'].includes(v)) return true;
  if (['false', 'no', 'n', '0'].includes(v)) return false;
  return undefined;
}

/** A scalar or object as one line of text (objects as compact `key: value` pairs). */
function itemText(item: unknown): string | undefined {
  if (typeof item === 'string') return text(item);
  if (typeof item === 'number' || typeof item === 'boolean') return String(item);
  if (isRecord(item) || Array.isArray(item)) {
    const written = JSON.stringify(item).trim();
    return written === '' ? undefined : written;
  }
  return undefined;
}

/**
 * LoopTroop's lenient string list, silent: a list gives its trimmed items
 * (empties dropped, objects written out); a multi-line string its lines
 * without leading bullets or numbers; any other string `[s]`; else `[]`.
 *
 * @example
 * stringList('- Missing rollback\n2) No owner') // ['Missing rollback', 'No owner']
 */
export function stringList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(itemText).filter((s): s is string => s !== undefined);
  if (typeof value === 'string') {
    if (!value.includes('\n')) return value.trim() === '' ? [] : [value.trim()];
    return value
      .split('\n')
      .map((line) => line.replace(/^\s*(?:[-*•]+|\d+[.)]?)\s*/, '').trim())
      .filter((line) => line !== '');
  }
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  return [];
}
