/**
 * JSON: Airlock's path against `JSON.parse` on clean documents and against
 * `jsonrepair` + `JSON.parse` on defective ones, with how many documents
 * each side actually accepts and how many come back equal to their source.
 */
import { safeParse } from '@airlock/core';
import { parseJsonCandidate } from '@airlock/core/internal';
import { jsonrepair } from 'jsonrepair';
import { z } from 'zod';
import { sampleDocuments } from '../generate/sample-documents.js';
import { findExport } from '../optional/try-import.js';
import { JSON_CLEAN_VS_JSON_PARSE, JSON_DEFECTIVE_VS_JSONREPAIR } from '../report/targets.js';
import { candidateOf, sameValue, sharePercent } from './candidate-of.js';
import type { Suite } from './suite.js';
import type { GroupTask } from './suite-recorder.js';

/** Accepts any value: the suite measures parsing, not validation. */
const permissive = z.unknown();

function viaJsonrepair(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(jsonrepair(text)) as unknown };
  } catch {
    return { ok: false };
  }
}

export const jsonSuite: Suite = {
  name: 'json',
  description: 'Airlock JSON path vs JSON.parse (clean) and jsonrepair (defective)',
  async run(ctx, rec) {
    const count = ctx.mode === 'quick' ? 30 : 150;

    const clean = sampleDocuments('clean_json', count, ctx.seed);
    const cleanCase = `clean JSON set (${count} docs)`;
    const cleanCandidates = clean.texts.map(candidateOf);
    const [parse = null, full = null, stage = null] = await rec.measureGroup(cleanCase, [
      { subject: 'JSON.parse', fn: () => clean.texts.forEach((t) => JSON.parse(t)) },
      { subject: 'Airlock safeParse', fn: () => clean.texts.forEach((t) => safeParse(t, permissive)) },
      { subject: 'Airlock parseJsonCandidate', fn: () => cleanCandidates.forEach((c) => parseJsonCandidate(c, {})) },
    ], clean.bytes);
    rec.speedRatio(JSON_CLEAN_VS_JSON_PARSE, full, parse);
    rec.speedRatio({ id: 'json.clean.stage_vs_json_parse', label: 'Clean JSON: parseJsonCandidate (no scan) vs JSON.parse', unit: 'x', better: 'higher' }, stage, parse);

    const bad = sampleDocuments('defective_json', count, ctx.seed + 1);
    const badCase = `defective JSON set (${count} docs)`;
    const badCandidates = bad.texts.map(candidateOf);
    const repairJson = await findExport<(text: string) => unknown>('repairJson', ['@airlock/core/internal']);
    const badTasks: GroupTask[] = [
      { subject: 'jsonrepair + JSON.parse', fn: () => bad.texts.forEach(viaJsonrepair) },
      { subject: 'Airlock safeParse', fn: () => bad.texts.forEach((t) => safeParse(t, permissive)) },
      { subject: 'Airlock parseJsonCandidate', fn: () => badCandidates.forEach((c) => parseJsonCandidate(c, {})) },
    ];
    if (repairJson.available) badTasks.push({ subject: 'Airlock repairJson', fn: () => bad.texts.forEach((t) => repairJson.value(t)), optional: true });
    else rec.unavailable(badCase, 'Airlock repairJson', repairJson.reason);
    const [peer = null, airlock = null] = await rec.measureGroup(badCase, badTasks, bad.bytes);

    const airlockResults = bad.texts.map((t) => safeParse(t, permissive));
    const peerResults = bad.texts.map(viaJsonrepair);
    const airlockAccepted = sharePercent(airlockResults, (r) => r.success);
    const airlockEqual = sharePercent(airlockResults, (r, i) => r.success && sameValue(r.data, bad.values[i]));
    const peerAccepted = sharePercent(peerResults, (r) => r.ok);
    const peerEqual = sharePercent(peerResults, (r, i) => r.ok && sameValue(r.value, bad.values[i]));
    rec.ratio({ id: 'json.defective.airlock_accepted', label: 'Defective JSON accepted by Airlock', unit: '%', better: 'higher' }, airlockAccepted);
    rec.ratio({ id: 'json.defective.airlock_equal', label: 'Defective JSON repaired by Airlock to exactly the source value', unit: '%', better: 'higher' }, airlockEqual);
    rec.ratio({ id: 'json.defective.jsonrepair_accepted', label: 'Defective JSON accepted by jsonrepair', unit: '%', better: 'higher' }, peerAccepted);
    rec.ratio({ id: 'json.defective.jsonrepair_equal', label: 'Defective JSON repaired by jsonrepair to exactly the source value', unit: '%', better: 'higher' }, peerEqual);
    const caveat =
      airlockAccepted < 90
        ? `Airlock accepts only ${airlockAccepted.toFixed(0)} % of these documents, so this ratio partly times failing fast; it becomes meaningful once the repairer lands.`
        : undefined;
    rec.speedRatio(JSON_DEFECTIVE_VS_JSONREPAIR, airlock, peer, caveat);
  },
};
