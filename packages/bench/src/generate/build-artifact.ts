/**
 * Builders of the artifact values agents emit: a code review (usually JSON)
 * and three multi-level planning documents (usually YAML): interview
 * questions, a PRD and beads. Every value satisfies `benchContract`.
 */
import type { Rng } from './rng.js';
import { BEAD_IDS, FILES, MODELS, PHASES, hex, paragraph, question, sentence, storyTitle, title } from './vocabulary.js';

export type ArtifactKind = 'review' | 'interview' | 'prd' | 'beads';

/** A JSON-compatible value (what the generator serializes). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

function ticket(rng: Rng): string {
  return `TCK-${rng.int(100, 9999)}`;
}

function isoDate(rng: Rng): string {
  const day = rng.int(1, 28).toString().padStart(2, '0');
  const hour = rng.int(0, 23).toString().padStart(2, '0');
  const minute = rng.int(0, 59).toString().padStart(2, '0');
  return `2025-${rng.int(1, 12).toString().padStart(2, '0')}-${day}T${hour}:${minute}:00Z`;
}

function buildReview(rng: Rng): JsonValue {
  const issues: JsonValue[] = [];
  const count = rng.int(0, 6);
  for (let i = 0; i < count; i++) {
    issues.push({
      file: rng.pick(FILES),
      line: rng.chance(0.8) ? rng.int(1, 900) : null,
      severity: rng.pick(['critical', 'major', 'minor']),
      message: sentence(rng),
      blocking: rng.chance(0.3),
    });
  }
  return {
    schema_version: 1,
    artifact: 'review',
    summary: paragraph(rng, 1, 3),
    verdict: count > 0 && rng.chance(0.6) ? 'request_changes' : 'approve',
    confidence: Math.round(rng.next() * 100) / 100,
    issues,
  };
}

function buildInterview(rng: Rng): JsonValue {
  const questions: JsonValue[] = [];
  const count = rng.int(3, 9);
  for (let i = 1; i <= count; i++) {
    const choice = rng.chance(0.35);
    const skipped = rng.chance(0.15);
    const q: Record<string, JsonValue> = {
      id: `Q${String(i).padStart(2, '0')}`,
      phase: PHASES[Math.min(2, Math.floor(((i - 1) * 3) / count))]!,
      prompt: question(rng),
      answer_type: choice ? 'single_choice' : 'free_text',
    };
    if (choice) q.options = ['Yes', 'No', 'Only for admins', 'Not sure yet'].slice(0, rng.int(2, 4));
    q.answer = {
      skipped,
      free_text: skipped ? '' : paragraph(rng, 1, 3, '\n'),
      answered_by: rng.pick(['user', 'council']),
      answered_at: isoDate(rng),
    };
    questions.push(q);
  }
  return {
    schema_version: 1,
    artifact: 'interview',
    ticket_id: ticket(rng),
    generated_by: { winner_model: rng.pick(MODELS), generated_at: isoDate(rng) },
    summary: paragraph(rng, 1, 2),
    approved: rng.chance(0.5),
    questions,
  };
}

function buildPrd(rng: Rng): JsonValue {
  const epics: JsonValue[] = [];
  const epicCount = rng.int(1, 3);
  for (let e = 1; e <= epicCount; e++) {
    const stories: JsonValue[] = [];
    const storyCount = rng.int(1, 3);
    for (let s = 1; s <= storyCount; s++) {
      stories.push({
        id: `US-${e}.${s}`,
        title: storyTitle(rng),
        acceptance_criteria: Array.from({ length: rng.int(2, 4) }, () => sentence(rng)),
        implementation_steps: Array.from({ length: rng.int(1, 3) }, () => `Update ${rng.pick(FILES)}`),
      });
    }
    epics.push({ id: `EPIC-${e}`, title: title(rng), objective: paragraph(rng, 1, 2), user_stories: stories });
  }
  return {
    schema_version: 1,
    artifact: 'prd',
    ticket_id: ticket(rng),
    title: title(rng),
    status: rng.pick(['draft', 'approved']),
    source_interview: { content_sha256: hex(rng, 64) },
    product: {
      problem_statement: paragraph(rng, 2, 4, '\n'),
      target_users: ['admins', 'end users', 'auditors'].slice(0, rng.int(1, 3)),
    },
    epics,
    risks: Array.from({ length: rng.int(0, 3) }, () => sentence(rng)),
  };
}

function buildBeads(rng: Rng): JsonValue {
  const ids = rng.sample(BEAD_IDS, rng.int(2, 6));
  const beads: JsonValue[] = ids.map((id, index) => ({
    id,
    title: title(rng),
    prdRefs: rng.chance(0.9) ? [`EPIC-${rng.int(1, 3)}/US-${rng.int(1, 3)}.${rng.int(1, 3)}`] : [],
    description: paragraph(rng, 1, 3, '\n'),
    dependencies: index > 0 && rng.chance(0.5) ? [ids[rng.int(0, index - 1)]!] : [],
    acceptanceCriteria: Array.from({ length: rng.int(1, 3) }, () => sentence(rng)),
    tests: Array.from({ length: rng.int(1, 2) }, () => `${id} ${rng.pick(['handles empty input', 'rejects bad tokens', 'retries twice'])}`),
    testCommands: [`pnpm vitest run ${rng.pick(FILES).replace(/\.\w+$/, '.test.ts')}`],
    files: rng.sample(FILES, rng.int(1, 3)).map((path) => ({ path, reason: sentence(rng) })),
    estimate_hours: rng.int(1, 16),
  }));
  return { schema_version: 1, artifact: 'beads', ticket_id: ticket(rng), beads };
}

/**
 * Builds one artifact value of the given kind.
 *
 * @example
 * buildArtifact('review', new Rng(1)) // { schema_version: 1, artifact: 'review', summary: '…', … }
 */
export function buildArtifact(kind: ArtifactKind, rng: Rng): JsonValue {
  switch (kind) {
    case 'review':
      return buildReview(rng);
    case 'interview':
      return buildInterview(rng);
    case 'prd':
      return buildPrd(rng);
    case 'beads':
      return buildBeads(rng);
  }
}
