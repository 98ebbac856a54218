/**
 * Validate: Airlock's normalize + validate stages against Zod's own
 * `safeParse` on the same parsed values (clean artifacts, so normalization
 * has nothing to change and the ratio is its overhead).
 */
import { toContract, type Contract } from '@airlock/core';
import { normalizeValue, validateValue } from '@airlock/core/internal';
import { benchContract } from '../contract.js';
import { sampleDocuments } from '../generate/sample-documents.js';
import type { Suite } from './suite.js';

export const validateSuite: Suite = {
  name: 'validate',
  description: 'normalizeValue + validateValue vs Zod safeParse alone, on clean artifacts',
  async run(ctx, rec) {
    const count = ctx.mode === 'quick' ? 30 : 150;
    const docs = sampleDocuments('clean_json', count, ctx.seed + 4);
    const values = docs.values;
    const contract = toContract(benchContract) as Contract<unknown>;
    const invalid = values.filter((v) => !benchContract.safeParse(v).success).length;
    if (invalid > 0) rec.note(`${invalid} generated value(s) do not satisfy benchContract: the generator and the contract disagree.`);
    const caseName = `clean artifact values (${count})`;
    const [zod = null, airlock = null] = await rec.measureGroup(caseName, [
      { subject: 'Zod safeParse', fn: () => values.forEach((v) => benchContract.safeParse(v)) },
      {
        subject: 'Airlock normalize + validate',
        fn: () => {
          for (const v of values) validateValue(contract.schema, normalizeValue(v, contract).value);
        },
      },
    ], docs.bytes);
    rec.speedRatio({ id: 'validate.vs_zod', label: 'normalize + validate vs Zod safeParse alone', unit: 'x', better: 'higher' }, airlock, zod);
  },
};
