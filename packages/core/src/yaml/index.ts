export { parseYamlCandidate } from './parse-yaml-candidate.js';
export { detectFormat } from './detect-format.js';
export { loadYaml, type LoadYamlResult } from './load-yaml.js';
export { repairYaml, YAML_REPAIR_GROUPS, type YamlRepairRun } from './repair-yaml.js';
export { resolveYamlHints } from './resolve-yaml-hints.js';
export { toLines, joinLines, type YamlLine } from './line-table.js';
export type { YamlRepair, RepairContext, RepairStep, ResolvedYamlHints } from './repairs/repair-kit.js';
export { YAML_PARSE_OPTIONS, YAML_TO_JS_OPTIONS } from './yaml-options.js';
export { YAML_CODES, type YamlCode } from './codes.js';
