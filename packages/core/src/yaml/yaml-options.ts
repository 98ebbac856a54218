/**
 * Hostile-input settings for the `yaml` package: core schema only (no custom
 * tags), a small alias budget (billion laughs), duplicate keys reported,
 * merge keys off, no YAML 1.1 known tags, and `__proto__` kept as plain data.
 */
import type { DocumentOptions, ParseOptions, SchemaOptions, ToJSOptions } from 'yaml';

export const YAML_PARSE_OPTIONS: ParseOptions & DocumentOptions & SchemaOptions = {
  schema: 'core',
  customTags: [],
  // Explicit `!!timestamp`, `!!binary`, `!!set`, … would otherwise yield Dates, Uint8Arrays and Sets.
  resolveKnownTags: false,
  merge: false,
  uniqueKeys: true,
  strict: true,
  prettyErrors: false,
  // yaml reports some findings (e.g. "Keys with collection values will be stringified") as
  // process warnings; they would print on the user's terminal, once per record of a batch.
  logLevel: 'error',
};

export const YAML_TO_JS_OPTIONS: ToJSOptions = {
  maxAliasCount: 100,
};
