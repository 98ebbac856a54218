/**
 * The closed union of intervention codes. Each family lives beside the stage
 * that emits it; this file only joins them. Adding a code means adding it to
 * its family's list, so reports and statistics can enumerate every rule.
 * A family takes its stage and category words from `intervention-kinds.ts`,
 * never from `types.ts`: the result types import this table, and an import
 * back would make a cycle.
 */
import { SCAN_CODES } from './scan/codes.js';
import { JSON_CODES } from './json/codes.js';
import { YAML_CODES } from './yaml/codes.js';
import { NORMALIZE_CODES } from './normalize/codes.js';
import { ALIGN_CODES } from './normalize/align-codes.js';
import { CHECK_CODES } from './validate/check-codes.js';
import { PARTIAL_CODES } from './partial/codes.js';

/** Every intervention code Airlock can emit. */
export const INTERVENTION_CODES = [...SCAN_CODES, ...JSON_CODES, ...YAML_CODES, ...NORMALIZE_CODES, ...ALIGN_CODES, ...CHECK_CODES, ...PARTIAL_CODES] as const;

export type InterventionCode = (typeof INTERVENTION_CODES)[number];
