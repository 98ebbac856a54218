import { fileURLToPath } from 'node:url';

/** The contract module batch workers load (TypeScript, compiled once by runBatch), with its export `benchContract`. */
export const CONTRACT_MODULE = fileURLToPath(new URL('../contract.ts', import.meta.url));
