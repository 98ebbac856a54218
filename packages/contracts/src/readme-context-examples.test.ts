/**
 * The README's `--context` examples against the pack. Convention: each
 * context.json example is a ```json block right after an HTML comment naming
 * the contract it is for, `<!-- context: prdRefinement -->` (a named export of
 * the pack, or `ARTIFACT_CONTRACTS.<artifact>` for a contract without one).
 * Checked: the contract exists, the JSON parses to an object, it holds every
 * key the contract's checks need, and every key it holds is one the pack's
 * code reads; a batch command with `--context context.json` follows in its
 * section (one per section: a section groups related artifacts);
 * every artifact of `ARTIFACT_CONTRACTS` has a table row naming its export
 * and either an example or a place in the "No context" list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { isContract, type Contract } from '@airlock/core';
import { describe, expect, it } from 'vitest';
import * as pack from './index.js';
import { ARTIFACT_CONTRACTS } from './index.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const ARTIFACTS = ARTIFACT_CONTRACTS as Readonly<Record<string, Contract<unknown>>>;
const EXPORTS = pack as Readonly<Record<string, unknown>>;

interface Example {
  readonly name: string;
  readonly json: string;
  /** README text after the block, up to the next heading. */
  readonly after: string;
}

function examples(): Example[] {
  const found: Example[] = [];
  for (const m of README.matchAll(/<!-- context: ([^>]*?) -->\n```json\n([\s\S]*?)\n```\n/g)) {
    const rest = README.slice(m.index + m[0].length);
    const next = rest.search(/^#{2,3} /m);
    for (const name of m[1]!.split(',').map((n) => n.trim())) found.push({ name, json: m[2]!, after: next < 0 ? rest : rest.slice(0, next) });
  }
  return found;
}

/** The contract a marker names: a named export, or `ARTIFACT_CONTRACTS.<artifact>`. */
function contractNamed(name: string): unknown {
  const key = /^ARTIFACT_CONTRACTS\.(\w+)$/.exec(name)?.[1];
  return key === undefined ? EXPORTS[name] : ARTIFACTS[key];
}

function needsOf(contract: Contract<unknown>): string[] {
  return (contract.checks ?? []).flatMap((c) => c.needs ?? []);
}

/** Context keys the pack's code reads (`context['key']`), every key a check needs, and core's `yaml`. */
function keysTheCodeReads(): Set<string> {
  const keys = new Set<string>(['yaml']);
  for (const file of readdirSync(new URL('.', import.meta.url), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = readFileSync(new URL(file, import.meta.url), 'utf8');
    for (const m of source.matchAll(/context\['(\w+)'\]/g)) keys.add(m[1]!);
  }
  for (const contract of Object.values(ARTIFACTS)) for (const key of needsOf(contract)) keys.add(key);
  return keys;
}

/** Backticked names in the paragraph starting `**No context:**`. */
function noContextList(): string[] {
  const start = README.indexOf('**No context:**');
  expect(start, 'README has a "**No context:**" list').toBeGreaterThanOrEqual(0);
  const paragraph = README.slice(start, README.indexOf('\n\n', start));
  return [...paragraph.matchAll(/`(\w+)`/g)].map((m) => m[1]!);
}

describe('README --context examples', () => {
  const all = examples();

  it('finds one example per context marker', () => {
    expect(all.length).toBeGreaterThan(0);
    const markers = [...README.matchAll(/<!-- context: ([^>]*?) -->/g)].flatMap((m) => m[1]!.split(','));
    expect(all.length, 'every marker is directly followed by a ```json block').toBe(markers.length);
  });

  it.each(all.map((e) => [e.name, e] as const))('%s: a contract, valid JSON holding every key its checks need, then a command', (name, example) => {
    const contract = contractNamed(name);
    expect(isContract(contract), `${name} is a contract of the pack`).toBe(true);
    const context = JSON.parse(example.json) as unknown;
    expect(typeof context === 'object' && context !== null && !Array.isArray(context), `${name}: the example is a JSON object`).toBe(true);
    const keys = Object.keys(context as object);
    for (const key of needsOf(contract as Contract<unknown>)) expect(keys, `${name}: example holds context.${key}`).toContain(key);
    const read = keysTheCodeReads();
    for (const key of keys) expect(read.has(key), `${name}: context.${key} is read by the pack`).toBe(true);
    const yaml = (context as Record<string, unknown>)['yaml'];
    if (yaml !== undefined) for (const hint of Object.keys(yaml as object)) expect(['nestedChildren', 'listPrimaryKeys', 'freeTextKeys', 'wrapperKeys']).toContain(hint);
    expect(example.after, `${name}: a command with --context follows in its section`).toMatch(/npx @airlock\/cli batch runs\.jsonl --contract \.\/pack\.ts#\w+ --context context\.json -o out\.ndjson/);
  });

  it('names every artifact, with its export, and gives each an example or a place in the "No context" list', () => {
    const exampled = new Set(all.map((e) => contractNamed(e.name)));
    const noContext = noContextList();
    for (const [key, contract] of Object.entries(ARTIFACTS)) {
      expect(README, `README mentions ${key}`).toContain(`\`${key}\``);
      const row = new RegExp(`^\\| \`${key}\` \\| ([^|]*) \\|`, 'm').exec(README);
      expect(row, `the artifacts table has a row for ${key}`).not.toBeNull();
      const named = /^`(\w+)`$/.exec(row![1]!.trim())?.[1];
      if (named === undefined) expect(Object.values(EXPORTS), `${key} has no named export, as its row says`).not.toContain(contract);
      else expect(EXPORTS[named], `the row of ${key} names its export`).toBe(contract);
      if (noContext.includes(key)) expect(needsOf(contract), `${key} is listed as needing no context`).toEqual([]);
      else expect(exampled.has(contract), `${key} has a --context example`).toBe(true);
    }
  });
});
