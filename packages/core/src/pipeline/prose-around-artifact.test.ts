import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toContract } from '../contract/contract.js';
import { candidateList } from '../scan/build-candidates.js';
import { selectScan } from '../scan/select-scanner.js';
import { onlyProseAround, repairAddsNothing } from './prose-around-artifact.js';
import { FIXTURE_CONTRACTS } from './test-support/fixture-contracts.js';

const fixture = (name: string): string => readFileSync(new URL(`./fixtures/${name}/input.txt`, import.meta.url), 'utf8');
const review = toContract(FIXTURE_CONTRACTS.review) as ReturnType<typeof toContract<unknown>>;
const keys = review.knownKeys;

/** The span of the body between the first fence line and the next one (or the end). */
function fencedBody(text: string): [number, number] {
  const open = text.indexOf('```');
  const start = text.indexOf('\n', open) + 1;
  const close = text.indexOf('\n```', start);
  return [start, close < 0 ? text.length : close + 1];
}

describe('onlyProseAround', () => {
  it('takes prose, blank lines, fence lines and markup around the artifact', () => {
    const text = 'Here is my review.\r\n\r\n```yaml\nsummary: x\n```\nNote: I did not run the tests.\n<end/>';
    expect(onlyProseAround(text, fencedBody(text), keys)).toBe(true);
  });

  it('takes a fence cut off before it closes', () => {
    const text = fixture('yaml-fence-cut-off-fails-schema');
    expect(onlyProseAround(text, fencedBody(text), keys)).toBe(true);
  });

  it('refuses a line outside that opens a key of the contract', () => {
    const text = fixture('yaml-key-before-fence');
    expect(onlyProseAround(text, fencedBody(text), keys)).toBe(false);
    expect(onlyProseAround('Intro.\n```yaml\nsummary: x\n```\nverdict : approve\n', fencedBody('Intro.\n```yaml\nsummary: x\n```\nverdict : approve\n'), keys)).toBe(false);
  });

  it('refuses YAML data after a fence closed too early: list items, indented lines, flow values, quoted keys', () => {
    for (const after of ['  - file: a.ts', '- b', '  message: more', '{"verdict": "approve"}', '"verdict": approve', '# comment']) {
      const text = `Intro.\n\`\`\`yaml\nsummary: x\n\`\`\`\n${after}\n`;
      expect(onlyProseAround(text, fencedBody(text), keys), after).toBe(false);
    }
  });

  it('reads the prose sharing a line with a tag', () => {
    const text = 'Answer: <result>{"summary": "x"}</result> done';
    const span: [number, number] = [text.indexOf('{'), text.indexOf('</result>')];
    expect(onlyProseAround(text, span, keys)).toBe(true);
    expect(onlyProseAround(`summary: y <result>{"a": 1}</result>`, [19, 27], keys)).toBe(false);
  });
});

describe('repairAddsNothing', () => {
  const listOf = (text: string) => candidateList(text, selectScan(text), { knownKeys: review.knownKeys, tags: review.tags }).candidates;

  it('skips the raw text of one refused fence with prose around it', () => {
    const text = fixture('yaml-fence-cut-off-fails-schema');
    const candidates = listOf(text);
    expect(candidates.map((c) => c.source)).toEqual(['raw', 'fenced']);
    expect(repairAddsNothing(text, candidates[0]!, candidates, candidates[1], review)).toBe(true);
    // Only the raw text, and only once an artifact was refused by the contract.
    expect(repairAddsNothing(text, candidates[1]!, candidates, candidates[1], review)).toBe(false);
    expect(repairAddsNothing(text, candidates[0]!, candidates, undefined, review)).toBe(false);
  });

  it('skips the text from the first known key too when it holds the whole artifact, not when it starts inside it', () => {
    const withKnownKeys = (text: string) => {
      const list = candidateList(text, selectScan(text), { knownKeys: review.knownKeys, tags: review.tags });
      list.addKnownKeys();
      return list.candidates;
    };
    const text = 'Here is my review.\n```yaml\nsummary: x\nverdict: approve\n```\nDone.\n';
    const [raw, fenced, fromKey] = withKnownKeys(text);
    expect([raw?.source, fenced?.source, fromKey?.source]).toEqual(['raw', 'fenced', 'known_key']);
    // The first known key opens the body: the candidate is the body, the closing fence and the prose after it.
    expect(repairAddsNothing(text, fromKey!, [raw!, fenced!, fromKey!], fenced, review)).toBe(true);
    expect(repairAddsNothing(text, { ...fromKey!, prefixStripped: true }, [raw!, fenced!, fromKey!], fenced, review)).toBe(false);

    const later = 'Here is my review.\n```yaml\nnote: first\nsummary: x\n```\n';
    const laterList = withKnownKeys(later);
    const key = laterList.find((c) => c.source === 'known_key')!;
    expect(key.span[0]).toBeGreaterThan(laterList[1]!.span[0]);
    expect(repairAddsNothing(later, key, laterList, laterList[1], review)).toBe(false);
  });

  it('reads the raw text when it holds a key of the contract, or two artifacts, or reads as JSON', () => {
    const keyed = fixture('yaml-key-before-fence');
    const keyedList = listOf(keyed);
    expect(repairAddsNothing(keyed, keyedList[0]!, keyedList, keyedList.find((c) => c.source === 'fenced'), review)).toBe(false);

    const two = 'Draft:\n```yaml\nsummary: a\n```\nFinal:\n```yaml\nverdict: approve\n```\n';
    const twoList = listOf(two);
    expect(twoList.filter((c) => c.source === 'fenced')).toHaveLength(2);
    expect(repairAddsNothing(two, twoList[0]!, twoList, twoList[1], review)).toBe(false);

    const json = '{"summary": "x", "verdict": "approve"}\n```yaml\nissues: []\n```';
    const jsonList = listOf(json);
    expect(repairAddsNothing(json, jsonList[0]!, jsonList, jsonList.find((c) => c.source === 'fenced'), review)).toBe(false);
  });

  it('reads the raw text for a scalar root (its format is JSON)', () => {
    const contract = toContract(z.enum(['approve', 'reject'])) as ReturnType<typeof toContract<unknown>>;
    const text = 'Verdict below.\n```yaml\nmaybe\n```';
    const list = listOf(text);
    expect(repairAddsNothing(text, list[0]!, list, list.find((c) => c.source === 'fenced'), contract)).toBe(false);
  });
});
