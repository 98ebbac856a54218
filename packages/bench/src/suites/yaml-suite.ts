/**
 * YAML: Airlock's YAML path against bare `yaml.parse` on clean and defective
 * artifacts, and the fast loader against `yaml.parse` with its acceptance
 * share on the YAML candidates of the generated corpus.
 */
import { safeParse } from '@airlock/core';
import { parseYamlCandidate } from '@airlock/core/internal';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { generateRecords } from '../generate/generate-records.js';
import { sampleDocuments } from '../generate/sample-documents.js';
import { regexExtract } from '../naive/regex-extract.js';
import { loadYamlFast, type FastYamlLoad } from '../optional/load-yaml-fast.js';
import { YAML_CLEAN_VS_YAML_PARSE, YAML_FAST_ACCEPTANCE, YAML_FAST_VS_YAML_PARSE } from '../report/targets.js';
import { candidateOf, sameValue, sharePercent } from './candidate-of.js';
import type { Suite, SuiteContext } from './suite.js';
import type { GroupTask, SuiteRecorder } from './suite-recorder.js';

const permissive = z.unknown();

function tryYaml(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseYaml(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Bodies of the ```yaml fences of the first `count` YAML-bearing records of the corpus. */
export function corpusYamlCandidates(count: number, seed: number): { body: string; clean: boolean }[] {
  const out: { body: string; clean: boolean }[] = [];
  for (const generated of generateRecords(seed)) {
    if (out.length >= count) break;
    if (generated.kind !== 'yaml_artifact' && generated.kind !== 'yaml_defective') continue;
    const fence = regexExtract(generated.record.output).find((b) => b.kind === 'fence');
    if (fence !== undefined) out.push({ body: fence.body, clean: generated.kind === 'yaml_artifact' });
  }
  return out;
}

/** Acceptance share of the fast loader on the corpus's YAML candidates, and a differential check. */
function fastAcceptance(ctx: SuiteContext, rec: SuiteRecorder, load: FastYamlLoad): void {
  const candidates = corpusYamlCandidates(ctx.mode === 'quick' ? 60 : 300, ctx.seed);
  const results = candidates.map((c) => ({ ...c, result: load(c.body) }));
  const clean = results.filter((r) => r.clean);
  rec.ratio(YAML_FAST_ACCEPTANCE, sharePercent(clean, (r) => r.result.accepted), `${clean.length} clean candidates`);
  rec.ratio({ id: 'yaml.fast.acceptance_all', label: 'Share of all corpus YAML candidates (defective included) the fast loader accepts', unit: '%', better: 'higher' }, sharePercent(results, (r) => r.result.accepted));
  const mismatches = results.filter((r) => {
    if (!r.result.accepted) return false;
    const reference = tryYaml(r.body);
    return !reference.ok || !sameValue(reference.value, r.result.value);
  }).length;
  rec.note(`Fast loader: ${mismatches} accepted corpus candidate(s) differ from yaml.parse (must be 0; ${results.length} candidates).`);
}

export const yamlSuite: Suite = {
  name: 'yaml',
  description: 'Airlock YAML path and fast loader vs yaml.parse, clean and defective artifacts',
  async run(ctx, rec) {
    const count = ctx.mode === 'quick' ? 20 : 80;

    const clean = sampleDocuments('clean_yaml', count, ctx.seed + 2);
    const cleanCase = `clean YAML set (${count} docs)`;
    const cleanCandidates = clean.texts.map(candidateOf);
    const fast = await loadYamlFast();
    const cleanTasks: GroupTask[] = [
      { subject: 'yaml.parse', fn: () => clean.texts.forEach((t) => parseYaml(t)) },
      { subject: 'Airlock safeParse', fn: () => clean.texts.forEach((t) => safeParse(t, permissive)) },
      { subject: 'Airlock parseYamlCandidate', fn: () => cleanCandidates.forEach((c) => parseYamlCandidate(c, {})) },
    ];
    if (fast.available) cleanTasks.push({ subject: 'loadYamlFast', fn: () => clean.texts.forEach((t) => fast.value(t)), optional: true });
    const [parse = null, full = null, stage = null, fastM = null] = await rec.measureGroup(cleanCase, cleanTasks, clean.bytes);
    rec.speedRatio(YAML_CLEAN_VS_YAML_PARSE, full, parse);
    rec.speedRatio({ id: 'yaml.clean.stage_vs_yaml_parse', label: 'Clean YAML: parseYamlCandidate (no scan) vs yaml.parse', unit: 'x', better: 'higher' }, stage, parse);
    if (fast.available) {
      rec.speedRatio(YAML_FAST_VS_YAML_PARSE, fastM, parse);
      fastAcceptance(ctx, rec, fast.value);
    } else {
      rec.unavailable(cleanCase, 'loadYamlFast', fast.reason);
      rec.ratio(YAML_FAST_VS_YAML_PARSE, null, fast.reason);
      rec.ratio(YAML_FAST_ACCEPTANCE, null, fast.reason);
    }

    const bad = sampleDocuments('defective_yaml', count, ctx.seed + 3);
    const badCase = `defective YAML set (${count} docs)`;
    const [peer = null, airlock = null] = await rec.measureGroup(badCase, [
      { subject: 'yaml.parse (throws or not)', fn: () => bad.texts.forEach(tryYaml) },
      { subject: 'Airlock safeParse', fn: () => bad.texts.forEach((t) => safeParse(t, permissive)) },
    ], bad.bytes);
    rec.speedRatio({ id: 'yaml.defective.vs_yaml_parse', label: 'Defective YAML: Airlock safeParse vs yaml.parse', unit: 'x', better: 'higher' }, airlock, peer);
    const airlockResults = bad.texts.map((t) => safeParse(t, permissive));
    const peerResults = bad.texts.map(tryYaml);
    rec.ratio({ id: 'yaml.defective.airlock_equal', label: 'Defective YAML repaired by Airlock to exactly the source value', unit: '%', better: 'higher' }, sharePercent(airlockResults, (r, i) => r.success && sameValue(r.data, bad.values[i])));
    rec.ratio({ id: 'yaml.defective.yaml_parse_equal', label: 'Defective YAML that yaml.parse reads as the source value', unit: '%', better: 'higher' }, sharePercent(peerResults, (r, i) => r.ok && sameValue(r.value, bad.values[i])));
  },
};
