/**
 * Contract of the bundled pack run log (`examples/pack-run-log.jsonl`): coding
 * agents report a finished bead in a `<BEAD_STATUS>` marker. It is the shipped
 * `beadStatus` of `@airlock/contracts` as it stands, re-exported so that
 * `npm run sample` runs the pack the way a user would, from a contract module.
 */
export { beadStatus } from '@airlock/contracts';
