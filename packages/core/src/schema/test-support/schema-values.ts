/**
 * Test helpers over closed JSON Schemas: values generated from a schema, and
 * what OpenAI strict mode sends for them (every property present, null for
 * the optional ones left out).
 */
import fc from 'fast-check';
import type { JsonSchema } from '../closed-json-schema.js';

type Node = JsonSchema & { properties?: Record<string, Node>; items?: Node; anyOf?: Node[]; required?: string[] };

function typedArbitrary(type: string, node: Node): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return fc.string({ minLength: (node.minLength as number | undefined) ?? 0, maxLength: (node.maxLength as number | undefined) ?? 12 });
    case 'integer':
      return fc.integer({ min: (node.minimum as number | undefined) ?? -1000, max: (node.maximum as number | undefined) ?? 1000 });
    case 'number':
      // Quarters: exact in JSON, and never -0 (which JSON writes as 0).
      return fc.integer({ min: -4000, max: 4000 }).map((n) => (n === 0 ? 0 : n / 4));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFrom(node.items!), { minLength: (node.minItems as number | undefined) ?? 0, maxLength: 3 });
    case 'object': {
      const properties = node.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, arbitraryFrom(child)]));
      return fc.record(model, { requiredKeys: node.required ?? [] });
    }
    default:
      throw new Error(`no arbitrary for type ${type}`);
  }
}

/** Values a closed JSON Schema accepts (the profile's subset, no formats). */
export function arbitraryFrom(node: Node): fc.Arbitrary<unknown> {
  if (node.anyOf !== undefined) return fc.oneof(...node.anyOf.map(arbitraryFrom));
  if ('const' in node) return fc.constant(node.const);
  if (Array.isArray(node.enum)) return fc.constantFrom(...node.enum);
  const types = Array.isArray(node.type) ? (node.type as string[]) : [node.type as string];
  return fc.oneof(...types.map((type) => typedArbitrary(type, node)));
}

function fits(value: unknown, node: Node): boolean {
  if (node.anyOf !== undefined) return node.anyOf.some((option) => fits(value, option));
  if (node.type === 'object' || node.properties !== undefined) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const keys = Object.keys(value);
    return keys.every((key) => key in (node.properties ?? {})) && (node.required ?? []).every((key) => keys.includes(key));
  }
  if (node.type === 'array') return Array.isArray(value);
  if (value === null) return node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'));
  return true;
}

/**
 * What OpenAI strict mode sends for a value: every property of every object,
 * null where the value left an optional one out. Also counts the nulls added.
 */
export function fillNulls(value: unknown, node: Node, filled = { count: 0 }): unknown {
  if (node.anyOf !== undefined) {
    const option = node.anyOf.find((candidate) => fits(value, candidate));
    return option === undefined ? value : fillNulls(value, option, filled);
  }
  if (Array.isArray(value)) return value.map((item) => fillNulls(item, node.items!, filled));
  if (typeof value !== 'object' || value === null || node.properties === undefined) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(node.properties).map(([key, child]) => {
      if (key in record) return [key, fillNulls(record[key], child, filled)];
      filled.count++;
      return [key, null];
    }),
  );
}
