/**
 * V8 flags the `airlock` command sets for its own process (process-wide, so never the
 * libraries). A flag the user gives — `node --flag`, `NODE_OPTIONS` — wins over the command's.
 */
import { setFlagsFromString } from 'node:v8';

/**
 * Sets `flag` (e.g. `--no-parallel-scavenge`) unless the user gave an option naming `name`;
 * returns whether it was set.
 *
 * @example
 * setFlagUnlessGiven('parallel-scavenge', '--no-parallel-scavenge'); // false under `node --parallel-scavenge`
 */
export function setFlagUnlessGiven(name: string, flag: string): boolean {
  const given = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  if (given.includes(name)) return false;
  setFlagsFromString(flag);
  return true;
}
