import { defineContract, safeParse } from '@airlock/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ARTIFACT_CONTRACTS } from '../artifact-contracts.js';
import { defineLoopTroopContract, loopTroopVocabulary } from './looptroop-vocabulary.js';

const schema = z.object({ schema_version: z.number(), title: z.string() });
/** An output that opens like the artifact and goes on with the ticket section of LoopTroop's prompt. */
const TICKET_ECHO = 'schema_version: 1\ntitle: Fix login\n### ticket_details\n# Ticket: T-42\n';

describe('LoopTroop vocabulary', () => {
  it('is carried by every LoopTroop contract of the pack, and by no other', () => {
    for (const [name, contract] of Object.entries(ARTIFACT_CONTRACTS)) {
      const looptroop = contract.name.startsWith('looptroop.');
      expect(looptroop, name).toBe(name !== 'erk');
      expect(contract.normalization.promptEcho, name).toEqual(looptroop ? loopTroopVocabulary.promptEcho : undefined);
      expect(contract.yamlHints.numberedLabels, name).toEqual(looptroop ? ['Draft'] : undefined);
    }
  });

  it('refuses an echo of LoopTroop\'s ticket headings only for a contract that names them', () => {
    const plain = defineContract({ name: 'plain', schema });
    expect(safeParse(TICKET_ECHO, plain).success).toBe(true);
    const spread = defineContract({ name: 'spread', schema, ...loopTroopVocabulary });
    const result = safeParse(TICKET_ECHO, spread);
    expect(result.success ? 'parsed' : result.failure).toBe('prompt_echo');
    expect(result.success ? '' : result.extractionError).toContain('"### ticket_details", "# Ticket:"');
  });

  it('re-indents rubric rows under a draft label for a pack contract, and not without the vocabulary', () => {
    // Flat, the two drafts' rows repeat a key: the text is no YAML until the rows move under their labels.
    const text = 'Draft 1:\ncoverage: 18\nDraft 2:\ncoverage: 15\n';
    const record = z.record(z.string(), z.unknown());
    const withLabels = safeParse(text, defineLoopTroopContract({ name: 'labels', schema: record }));
    expect(withLabels.success && withLabels.data).toEqual({ 'Draft 1': { coverage: 18 }, 'Draft 2': { coverage: 15 } });
    expect(withLabels.interventions.map((i) => i.rule)).toEqual(['yaml_wrapper_indentation', 'yaml_wrapper_indentation']);
    const without = safeParse(text, defineContract({ name: 'no-labels', schema: record }));
    expect(without.success ? 'parsed' : without.failure).toBe('syntax');
  });

  it('gives way to a definition\'s own lists and hints, field by field', () => {
    const own = defineLoopTroopContract({ name: 'own', schema, promptEcho: { schema: ['## Output'] }, yaml: { wrapperKeys: ['scores'] } });
    expect(own.normalization.promptEcho).toEqual({ ...loopTroopVocabulary.promptEcho, schema: ['## Output'] });
    expect(own.yamlHints).toMatchObject({ numberedLabels: ['Draft'], wrapperKeys: ['scores'] });
  });

  it('cannot be changed under the contracts that share it', () => {
    expect(Object.isFrozen(loopTroopVocabulary.promptEcho.schema)).toBe(true);
    expect(() => (loopTroopVocabulary.promptEcho.schema as string[]).push('# Oops')).toThrow(TypeError);
    expect(Object.isFrozen(loopTroopVocabulary.yaml)).toBe(true);
  });
});
