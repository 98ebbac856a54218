/**
 * The baseline Airlock has to beat: regex extraction, then `JSON.parse`, then
 * `jsonrepair`, then `yaml.parse`, then Zod. No interventions, no spans, no
 * candidate loop beyond "first block, else the outermost braces, else all".
 */
import { jsonrepair } from 'jsonrepair';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { regexExtract } from './regex-extract.js';

export type NaiveResult = { success: true; data: unknown } | { success: false; stage: 'parse' | 'schema' };

const YAML_INFO = /^ya?ml\b/i;

function parseBody(body: string, info: string): { ok: true; value: unknown } | { ok: false } {
  if (YAML_INFO.test(info)) {
    try {
      return { ok: true, value: parseYaml(body) };
    } catch {
      return { ok: false };
    }
  }
  for (const attempt of [
    () => JSON.parse(body) as unknown,
    () => JSON.parse(jsonrepair(body)) as unknown,
    () => parseYaml(body) as unknown,
  ]) {
    try {
      return { ok: true, value: attempt() };
    } catch {
      // next parser
    }
  }
  return { ok: false };
}

/**
 * Runs the naive pipeline on one model output.
 *
 * @example
 * naivePipeline('```json\n{"a":1,}\n```', z.object({ a: z.number() })) // { success: true, data: { a: 1 } }
 */
export function naivePipeline(text: string, schema: z.ZodType): NaiveResult {
  const blocks = regexExtract(text);
  let body = text;
  let info = '';
  if (blocks.length > 0) {
    body = blocks[0]!.body;
    info = blocks[0]!.info;
  } else {
    const open = text.indexOf('{');
    const close = text.lastIndexOf('}');
    if (open >= 0 && close > open) body = text.slice(open, close + 1);
  }
  const parsed = parseBody(body, info);
  if (!parsed.ok) return { success: false, stage: 'parse' };
  const checked = schema.safeParse(parsed.value);
  return checked.success ? { success: true, data: checked.data } : { success: false, stage: 'schema' };
}
