/**
 * `loopTroopContext`: the arguments LoopTroop's parser of one artifact took,
 * turned into the `context` Airlock's contract of that artifact reads.
 * For teams moving from LoopTroop: the same values, under one option.
 */

/** Names of LoopTroop's arguments → keys of Airlock's `context`. */
const RENAMED: Readonly<Record<string, string>> = {
  ticketId: 'ticket_id',
  interviewContent: 'interview',
  canonicalInterviewContent: 'interview',
  winnerDraftContent: 'winner_draft',
  currentCandidateContent: 'winner_draft',
  losingDraftMeta: 'losing_drafts',
  losingDrafts: 'losing_drafts',
  coverageGaps: 'coverage_gaps',
  memberId: 'member_id',
  maxInitialQuestions: 'max_questions',
  maxQuestions: 'max_questions',
  draftLabels: 'draft_labels',
  rubric: 'rubric_categories',
  rubricCategories: 'rubric_categories',
  prdCriteria: 'prd_criteria',
  previousChecklist: 'previous_checklist',
  previousResults: 'previous_results',
  refinedBlueprint: 'blueprint',
  blueprint: 'blueprint',
  allowTopLevelArray: 'allow_top_level_array',
  version: 'version',
};

/** Positional arguments, by artifact: the keys they fill, in order. */
const POSITIONAL: Readonly<Record<string, readonly string[]>> = {
  interview_questions: ['max_questions'],
  interview_refinement: ['winner_draft', 'max_questions', 'losing_drafts'],
  vote_scorecard: ['draft_labels', 'rubric_categories'],
  beads_jsonl: ['blueprint'],
  expanded_beads: ['blueprint'],
};

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** YAML repair hints, as Airlock's `context.yaml` takes them, from LoopTroop's option names. */
const YAML_HINTS: Readonly<Record<string, 'nestedChildren' | 'listPrimaryKeys'>> = {
  nestedMappingChildren: 'nestedChildren',
  sequenceItemPrimaryKeys: 'listPrimaryKeys',
};

/** A YAML rule's argument is a table of list primary keys (`{files: {primaryKey, childKeys}}`) or of nested children. */
function yamlRuleHints(arg: Record<string, unknown>): Record<string, unknown> {
  const values = Object.values(arg);
  if (values.length > 0 && values.every((v) => typeof v === 'object' && v !== null && !Array.isArray(v) && 'primaryKey' in v)) return { listPrimaryKeys: arg };
  if (values.length > 0 && values.every(Array.isArray)) return { nestedChildren: arg };
  return {};
}

/**
 * The context for one artifact from the arguments LoopTroop's parser took
 * (after the model's text): objects are read by their keys (camelCase names
 * become Airlock's snake_case ones), plain values by their position.
 *
 * @example
 * loopTroopContext('looptroop.vote_scorecard', [['Draft 1', 'Draft 2'], ['Coverage of requirements']])
 * // { draft_labels: ['Draft 1', 'Draft 2'], rubric_categories: ['Coverage of requirements'] }
 * loopTroopContext('prd', [{ ticketId: 'T-1', interviewContent: 'schema_version: 1\n…' }])
 * // { ticket_id: 'T-1', interview: 'schema_version: 1\n…' }
 */
export function loopTroopContext(artifact: string, args: readonly unknown[] = []): Record<string, unknown> {
  const name = artifact.replace(/^looptroop\./, '');
  const context: Record<string, unknown> = {};
  const positional = POSITIONAL[name] ?? [];
  let position = 0;
  for (const arg of args) {
    if (typeof arg === 'object' && arg !== null && !Array.isArray(arg)) {
      const record = arg as Record<string, unknown>;
      const yaml: Record<string, unknown> = name === 'yaml_rule' ? yamlRuleHints(record) : {};
      for (const [key, value] of Object.entries(record)) {
        const hint = YAML_HINTS[key];
        if (hint !== undefined) yaml[hint] = value;
        else if (name !== 'yaml_rule') context[RENAMED[key] ?? snakeCase(key)] = value;
      }
      if (Object.keys(yaml).length > 0) context['yaml'] = yaml;
    } else {
      const key = positional[position++];
      if (key !== undefined && arg !== undefined && arg !== null) context[key] = arg;
    }
  }
  return context;
}
