/**
 * @airlock/core/internal: the pipeline's parts for Airlock's own packages (the worker, the
 * bench, the viewer): the JSON repairer, the YAML path, the normalization stages and their code
 * lists. No compatibility promise across minor versions; applications use the root.
 *
 * @example
 * import { repairJson } from '@airlock/core/internal';
 * const repaired = repairJson("{'a': 1,}");
 * repaired.ok && repaired.text; // '{"a": 1}'
 */
export * from './scan/index.js';
export * from './json/index.js';
export * from './yaml/index.js';
export * from './normalize/index.js';
