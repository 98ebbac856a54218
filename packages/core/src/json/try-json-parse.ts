/**
 * `JSON.parse` that reports failure as a value. A failed parse is the normal
 * case on the candidate loop, so the SyntaxError is created without a stack
 * trace: capturing one costs more than the parse of a small output.
 *
 * @example
 * tryJsonParse('{"a":1}') // { ok: true, value: { a: 1 } }
 * tryJsonParse('{"a":')   // { ok: false }
 */
export function tryJsonParse(text: string): { ok: true; value: unknown } | { ok: false } {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  } finally {
    Error.stackTraceLimit = limit;
  }
}
