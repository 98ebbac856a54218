export { parseYamlCandidate } from './parse-yaml-candidate.js';
export { detectFormat } from './detect-format.js';
export { YAML_PARSE_OPTIONS, YAML_TO_JS_OPTIONS } from './yaml-options.js';
export { YAML_CODES, type YamlCode } from './codes.js';
