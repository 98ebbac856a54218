/** Intervention codes of the YAML path (one per structural repair rule). */
export const YAML_CODES = [] as const;
export type YamlCode = (typeof YAML_CODES)[number];
