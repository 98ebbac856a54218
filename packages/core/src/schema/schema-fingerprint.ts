/**
 * The schema fingerprint: sha256 of the canonical closed JSON Schema, written
 * with every object's keys sorted. It depends only on what the schema
 * accepts, so it is the same in every process, whatever the property order,
 * and across Zod versions that derive the same JSON Schema. Batch outputs
 * carry it; resume and replay refuse another one.
 *
 * Schemas outside the profile still get a stable fingerprint (see
 * {@link schemaFingerprint}), so existing contracts keep working.
 */
import { createHash } from 'node:crypto';
import { toJSONSchema } from 'zod';
import { isContract } from '../contract/contract-brand.js';
import { zodDefOf } from './check-profile.js';
import { canonicalNode, closedJsonSchema } from './closed-json-schema.js';

/** Nesting deeper than this is cut from the canonical text (the profile refuses far less). */
const MAX_CANONICAL_DEPTH = 512;

/**
 * JSON with every object's keys sorted: one text per JSON value.
 *
 * @example
 * canonicalJson({ b: 1, a: [true, { d: 0, c: null }] }) // '{"a":[true,{"c":null,"d":0}],"b":1}'
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_CANONICAL_DEPTH) return '"…"';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key], depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** sha256 of a text, hex. */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * What a schema outside the profile is fingerprinted by. Zod's input-side JSON
 * Schema with unrepresentable parts as `{}` keeps defaults and structure (a
 * transform's code cannot be hashed); a non-Zod Standard Schema offers only its
 * vendor, so the contract name stands in for its shape. The marker keeps these
 * apart from any profile schema's canonical JSON.
 */
function fallbackDescription(schema: unknown, name: string): unknown {
  if (zodDefOf(schema) === undefined) {
    const vendor = (schema as { '~standard'?: { vendor?: unknown } } | null)?.['~standard']?.vendor;
    return { 'airlock:outside-profile': 'opaque', name, vendor: typeof vendor === 'string' ? vendor : 'unknown' };
  }
  try {
    const json = toJSONSchema(schema as Parameters<typeof toJSONSchema>[0], { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' });
    return { 'airlock:outside-profile': 'zod', schema: canonicalNode(json) };
  } catch (error) {
    return { 'airlock:outside-profile': 'zod', name, error: (error as Error)?.message ?? String(error) };
  }
}

/**
 * Fingerprint of a contract's or schema's accepted shape: sha256 hex of the
 * canonical closed JSON Schema. For a schema outside the AgentSchema profile
 * (defaults, transforms, records… in contracts written before the profile,
 * or a non-Zod validator), it hashes a marked fallback description instead
 * of throwing: stable, but blind to what JSON Schema cannot state (a
 * transform's code, a refinement's predicate).
 *
 * @example
 * schemaFingerprint(z.object({ a: z.string(), b: z.number() })) ===
 *   schemaFingerprint(z.object({ b: z.number(), a: z.string() })) // true
 * schemaFingerprint(z.object({ a: z.string() })) // 64 hex digits
 */
export function schemaFingerprint(input: unknown, name = isContract(input) ? input.name : 'anonymous'): string {
  const schema = isContract(input) ? input.schema : input;
  let described: unknown;
  try {
    described = closedJsonSchema(schema);
  } catch {
    // Outside the profile (or a schema Zod cannot convert): a fingerprint never throws.
    described = fallbackDescription(schema, name);
  }
  return sha256Hex(canonicalJson(described));
}
