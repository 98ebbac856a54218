export { loadYamlFast, type FastYamlResult } from './load-yaml-fast.js';
export { fastYamlStats, resetFastYamlStats, type FastYamlStats } from './fast-yaml-stats.js';
