// The kernel's second entry: the end of a balanced JSON value, a port of core's
// packages/core/src/scan/find-balanced-end.ts over the code units at `inputPtr()`.

import { BACKSLASH, LBRACE, LBRACKET, QUOTE, RBRACE, RBRACKET, ch } from './text';

let balancedCalls: i32 = 0;

/** Kernel `balancedEnd` entries since instantiation, so tests can prove the WASM path ran. */
export function balancedCount(): i32 {
  return balancedCalls;
}

/**
 * Port of core's `findBalancedEnd` over the `len` code units at `inputPtr()` (the loader
 * copies only the searched range): end of the balanced value opening at 0, or -1.
 */
export function balancedEnd(len: i32): i32 {
  balancedCalls++;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < len; i++) {
    const c = ch(i);
    if (inString) {
      if (c == BACKSLASH) i++;
      else if (c == QUOTE) inString = false;
      continue;
    }
    if (c == QUOTE) inString = true;
    else if (c == LBRACE || c == LBRACKET) depth++;
    else if (c == RBRACE || c == RBRACKET) {
      depth--;
      if (depth == 0) return i + 1;
      if (depth < 0) return -1;
    }
  }
  return -1;
}
