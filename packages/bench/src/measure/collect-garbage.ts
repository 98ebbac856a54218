/**
 * A full garbage collection on demand, without starting Node with `--expose-gc`: the flag is
 * set from the running process and `gc` taken from a fresh context (V8 installs it on contexts
 * made after the flag is set).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | undefined;

/**
 * Collects every generation now. A pass measured after earlier suites otherwise pays for their
 * garbage: the inline batch pass's collection share read 3 % in a run of the macro suite alone
 * and 9–13 % after the adversarial suite had filled the old generation with multi-MB values.
 *
 * @example
 * collectGarbage(); const started = performance.now(); // … the measured pass
 */
export function collectGarbage(): void {
  if (gc === undefined) {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  }
  gc();
}
