/**
 * LoopTroop's own words, which `@airlock/core` does not know: the headings its prompts
 * carry (so an output that echoes one is refused as a prompt echo) and its numbered draft
 * labels (`Draft 1:`, whose rubric rows models write one level too shallow). Every
 * LoopTroop contract of the pack is defined with them; a contract's own settings win.
 */
import { defineContract, type Contract, type ContractDefinition, type PromptEchoMarkers, type YamlHints } from '@airlock/core';

/** The vocabulary as `defineContract` fields. */
export interface LoopTroopVocabulary {
  /** The output-normalization seed's prompt-echo markers, LoopTroop's ticket headings among the schema markers. */
  readonly promptEcho: Required<Omit<PromptEchoMarkers, 'enabled'>>;
  /** YAML repair hints: the word of the numbered draft labels. */
  readonly yaml: Pick<YamlHints, 'numberedLabels'>;
}

/**
 * LoopTroop's prompt headings and draft labels, to spread into a contract of one's own for a
 * LoopTroop artifact (its `yaml` replaces a `yaml` given before it, so merge when you have one).
 * Frozen: every contract of the pack shares it.
 *
 * @example
 * import { defineContract } from '@airlock/core';
 * import { loopTroopVocabulary } from '@airlock/contracts';
 * const ticketNotes = defineContract({ name: 'ticket-notes', schema, ...loopTroopVocabulary });
 * safeParse('schema_version: 1\n### ticket_details\n…', ticketNotes).failure // 'prompt_echo'
 */
export const loopTroopVocabulary: LoopTroopVocabulary = deepFreeze({
  promptEcho: {
    hard: ['CRITICAL OUTPUT RULE:', 'CONTEXT REFRESH:'],
    soft: ['## System Role', '## Task', '## Instructions', '## Expected Output Format', '## Context'],
    schema: ['## Expected Output Format', '### ticket_details', '# Ticket:'],
  },
  yaml: { numberedLabels: ['Draft'] },
});

/**
 * `defineContract` with LoopTroop's vocabulary under the definition's own settings: marker
 * lists and YAML hints the definition names replace LoopTroop's, field by field.
 *
 * @example
 * const scorecard = defineLoopTroopContract({ name: 'looptroop.vote-scorecard', schema, yaml: { wrapperKeys: ['draft_scores'] } });
 * scorecard.yamlHints // { numberedLabels: ['Draft'], wrapperKeys: ['draft_scores'] }
 */
export function defineLoopTroopContract<T>(definition: ContractDefinition<T>): Contract<T> {
  return defineContract({
    ...definition,
    promptEcho: { ...loopTroopVocabulary.promptEcho, ...definition.promptEcho },
    yaml: { ...loopTroopVocabulary.yaml, ...definition.yaml },
  });
}

function deepFreeze<T extends object>(value: T): T {
  for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null) deepFreeze(inner as object);
  return Object.freeze(value);
}
