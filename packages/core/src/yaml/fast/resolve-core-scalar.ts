/**
 * The YAML 1.2 core schema exactly as `yaml` 2.x applies it to plain scalars:
 * the same tag order, the same regular expressions and the same number
 * conversions (`parseInt` / `parseFloat`), so `-0`, `012`, `0o17` and huge
 * integers come out bit-identical.
 */
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

function resolveNumber(s: string): number | string {
  if (INT_OCT.test(s)) return parseInt(s.substring(2), 8);
  if (INT.test(s)) return parseInt(s, 10);
  if (INT_HEX.test(s)) return parseInt(s.substring(2), 16);
  if (FLOAT_NAN.test(s)) {
    if (s.slice(-3).toLowerCase() === 'nan') return NaN;
    return s[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  if (FLOAT_EXP.test(s) || FLOAT.test(s)) return parseFloat(s);
  return s;
}

/**
 * Resolves an (already trimmed) plain scalar under the core schema.
 *
 * @example
 * resolveCoreScalar('0x1F') // 31
 * resolveCoreScalar('yes')  // 'yes'
 */
export function resolveCoreScalar(s: string): string | number | boolean | null {
  if (s.length === 0) return null;
  // Dispatch on the first character: most plain scalars are words and skip every regex.
  switch (s.charCodeAt(0)) {
    case 0x7e: // ~
      return s.length === 1 ? null : s;
    case 0x6e: // n
    case 0x4e: // N
      return s === 'null' || s === 'Null' || s === 'NULL' ? null : s;
    case 0x74: // t
    case 0x54: // T
      return s === 'true' || s === 'True' || s === 'TRUE' ? true : s;
    case 0x66: // f
    case 0x46: // F
      return s === 'false' || s === 'False' || s === 'FALSE' ? false : s;
    case 0x2b: // +
    case 0x2d: // -
    case 0x2e: // .
      return resolveNumber(s);
    default: {
      const c = s.charCodeAt(0);
      return c >= 0x30 && c <= 0x39 ? resolveNumber(s) : s;
    }
  }
}

/**
 * The property name `yaml`'s `toJS` gives a plain-scalar key: its core-schema
 * value, `null` as the empty string, everything else through `String`.
 *
 * @example
 * coreKeyString('1.0') // '1'
 * coreKeyString('~')   // ''
 */
export function coreKeyString(s: string): string {
  const v = resolveCoreScalar(s);
  return v === null ? '' : String(v);
}
