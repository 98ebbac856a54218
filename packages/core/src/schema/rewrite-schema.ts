/**
 * The one walk every provider projection is written with: children first,
 * then the node, so a rule sees its children already in the provider's
 * dialect; whatever a rule cannot carry over is recorded as lost, with the
 * path where it was, never dropped silently.
 */
import { joinSchemaPath } from './check-profile.js';
import { isJsonObject, type JsonSchema } from './closed-json-schema.js';

/** A constraint the provider's dialect cannot state: the provider will not enforce it. */
export interface LostConstraint {
  /** Where: `issues[].line`, `(root)`, `value.anyOf[1]`. */
  readonly path: string;
  /** The keyword and its value as the canonical schema had it: `minLength: 1`. */
  readonly constraint: string;
  /** Why the provider cannot carry it, citing its documented rule. */
  readonly reason: string;
}

/** A provider projection: the schema to send and what it had to leave out. */
export interface Projection<S = JsonSchema> {
  readonly schema: S;
  readonly lost: readonly LostConstraint[];
}

/** Where a rule is and how it records a loss. */
export interface RewriteContext {
  readonly path: string;
  /**
   * Records `keyword: value` (or the bare keyword when `value` is undefined) as
   * lost here, or at the property `child` of this node.
   */
  lose(keyword: string, value: unknown, reason: string, child?: string): void;
}

/** Rewrites one node whose children are already rewritten. */
export type NodeRule = (node: JsonSchema, at: RewriteContext) => JsonSchema;

/** Deeper than this a schema is not walked further (the profile refuses far less). */
const MAX_REWRITE_DEPTH = 256;

function displayPath(path: string): string {
  return path === '' ? '(root)' : path;
}

function rewriteNode(node: unknown, path: string, rule: NodeRule, lost: LostConstraint[], depth: number): unknown {
  if (!isJsonObject(node) || depth > MAX_REWRITE_DEPTH) return node;
  const withChildren: Record<string, unknown> = Object.fromEntries(Object.entries(node));
  if (isJsonObject(node.properties)) {
    const properties = node.properties;
    withChildren.properties = Object.fromEntries(Object.keys(properties).map((key) => [key, rewriteNode(properties[key], joinSchemaPath(path, key), rule, lost, depth + 1)]));
  }
  if (isJsonObject(node.items)) withChildren.items = rewriteNode(node.items, joinSchemaPath(path, '[]'), rule, lost, depth + 1);
  if (Array.isArray(node.anyOf)) withChildren.anyOf = node.anyOf.map((option, i) => rewriteNode(option, joinSchemaPath(path, `anyOf[${i}]`), rule, lost, depth + 1));
  const at: RewriteContext = {
    path,
    lose: (keyword, value, reason, child) =>
      lost.push({
        path: displayPath(child === undefined ? path : joinSchemaPath(path, child)),
        constraint: value === undefined ? keyword : `${keyword}: ${JSON.stringify(value)}`,
        reason,
      }),
  };
  const rewritten = rule(withChildren, at);
  // Keywords in one order whatever the rule added last, so projections diff cleanly.
  return Object.fromEntries(Object.keys(rewritten).sort().map((keyword) => [keyword, rewritten[keyword]]));
}

/**
 * Rewrites a schema bottom-up with one node rule, collecting what was lost.
 *
 * @example
 * rewriteSchema(closed, (node, at) => dropKeywords(node, at, KEEP, (k) => `${k} is not supported`))
 * // { schema, lost: [{ path: 'title', constraint: 'minLength: 1', reason: 'minLength is not supported' }] }
 */
export function rewriteSchema(root: JsonSchema, rule: NodeRule): Projection {
  const lost: LostConstraint[] = [];
  const schema = rewriteNode(root, '', rule, lost, 0) as JsonSchema;
  return { schema, lost };
}

/**
 * Keeps the keywords a dialect supports and records every other one as lost
 * (`$schema` names the dialect and is left out without a record).
 *
 * @example
 * dropKeywords({ type: 'string', minLength: 1 }, at, new Set(['type']), () => 'not supported') // { type: 'string' }
 */
export function dropKeywords(node: JsonSchema, at: RewriteContext, keep: ReadonlySet<string>, reason: (keyword: string) => string): Record<string, unknown> {
  const kept: [string, unknown][] = [];
  for (const [keyword, value] of Object.entries(node)) {
    if (keep.has(keyword)) kept.push([keyword, value]);
    else if (keyword !== '$schema') at.lose(keyword, value, reason(keyword));
  }
  return Object.fromEntries(kept);
}

/** The `type` of a node as a list (`'string'` → `['string']`, absent → `[]`). */
export function typesOf(node: JsonSchema): string[] {
  if (typeof node.type === 'string') return [node.type];
  return Array.isArray(node.type) ? node.type.filter((t): t is string => typeof t === 'string') : [];
}

/** True when the node accepts null (`type` lists it, or an `anyOf` option is null). */
export function acceptsNull(node: JsonSchema): boolean {
  if (typesOf(node).includes('null')) return true;
  return Array.isArray(node.anyOf) && node.anyOf.some((option) => isJsonObject(option) && acceptsNull(option));
}

/** Property names of an object node that its `required` does not list. */
export function optionalProperties(node: JsonSchema): string[] {
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  return isJsonObject(node.properties) ? Object.keys(node.properties).filter((key) => !required.has(key)) : [];
}
