import { adversarialSuite } from './adversarial-suite.js';
import { conformanceSuite } from './conformance-suite.js';
import { jsonConformanceSuite } from './json-conformance-suite.js';
import { jsonSuite } from './json-suite.js';
import { macroSuite } from './macro-suite.js';
import { partialSuite } from './partial-suite.js';
import { reportSuite } from './report-suite.js';
import { rssSuite } from './rss-suite.js';
import { scalingSuite } from './scaling-suite.js';
import { scannerSuite } from './scanner-suite.js';
import type { Suite } from './suite.js';
import { validateSuite } from './validate-suite.js';
import { yamlSuite } from './yaml-suite.js';

/** Every suite, in run order. Add new suites here. */
export const SUITES: readonly Suite[] = [scannerSuite, jsonSuite, yamlSuite, validateSuite, conformanceSuite, jsonConformanceSuite, partialSuite, scalingSuite, adversarialSuite, macroSuite, rssSuite, reportSuite];

export type { Suite, SuiteContext } from './suite.js';
export { SuiteRecorder } from './suite-recorder.js';
