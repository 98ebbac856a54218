/**
 * Prints {@link suggestContractAdditions}'s proposals as a ready-to-paste
 * `defineContract({ … })` expression: the contract's own normalization spread
 * in, the touched fields with the additions merged, and a comment with the
 * counts and example lines above every proposal.
 */
import type { ContractSuggestions, Finding, KeyFinding } from './suggest-contract-additions.js';

/** How the fragment refers to the contract it extends. */
export interface FragmentOptions {
  /** The contract's export name, e.g. `sampleContract`. */
  exportName: string;
  /** True when the export is an Airlock contract (`defineContract`), false for a bare schema. */
  isContract: boolean;
}

function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

function seen(f: Finding): string {
  return `${f.count} record${f.count === 1 ? '' : 's'} (line${f.lines.length === 1 ? '' : 's'} ${f.lines.join(', ')}${f.count > f.lines.length ? ', …' : ''})`;
}

function list(values: readonly (string | number | boolean)[]): string {
  return `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;
}

function keysSeen(label: string, findings: readonly KeyFinding[]): string | undefined {
  return findings.length === 0 ? undefined : `${label} ${findings.map((f) => `${f.key} (${f.count})`).join(', ')}`;
}

function aliasBlock(field: 'rootAliases' | 'aliases', map: Record<string, string[]>, s: ContractSuggestions): string[] {
  const out = [`  ${field}: {`];
  for (const [name, aliases] of Object.entries(map)) {
    for (const f of s.aliases.filter((a) => a.field === name)) out.push(`    // "${f.alias}" stood where "${f.field}" was missing: ${seen(f)}`);
    out.push(`    ${key(name)}: ${list(aliases)},`);
  }
  out.push('  },');
  return out;
}

function synonymBlock(s: ContractSuggestions): string[] {
  const out = ['  synonyms: {'];
  for (const [field, table] of Object.entries(s.additions.synonyms ?? {})) {
    out.push(`    ${key(field)}: {`, '      map: {');
    for (const [canonical, values] of Object.entries(table.map)) {
      for (const f of s.synonyms.filter((x) => x.field === field && x.canonical === canonical)) {
        const note = f.guessed ? `; no allowed value resembles it, so this is the field's most common value: check it (allowed: ${f.allowed.join(', ')})` : '';
        out.push(`        // ${JSON.stringify(f.value)} failed validation: ${seen(f)}${note}`);
      }
      out.push(`        ${key(canonical)}: ${list(values)},`);
    }
    out.push('      },');
    if (table.fallback !== undefined) out.push(`      fallback: ${JSON.stringify(table.fallback)},`);
    out.push('    },');
  }
  out.push('  },');
  return out;
}

/**
 * The proposals as a `defineContract` expression with explanatory comments.
 *
 * @example
 * formatContractFragment(suggestions, { exportName: 'review', isContract: true });
 * // defineContract({ ...review.normalization, name: "review", schema: review.schema, synonyms: { … } })
 */
export function formatContractFragment(s: ContractSuggestions, options: FragmentOptions): string {
  const { additions } = s;
  const header = [
    `// airlock suggest: contract "${s.contract}", ${s.records} records, ${s.failed} failed.`,
  ];
  if (Object.keys(additions).length === 0) {
    header.push('// Nothing to propose: no failure points at an alias, a synonym or a wrapper the contract lacks.');
  } else {
    header.push(`// With these additions ${s.check.wouldPass} of the ${s.check.checked} failed records with a parsed value pass (re-validated).`);
    header.push('// Nothing was applied. The fields below include the contract\'s current values; review them before pasting.');
  }
  const body: string[] = ['defineContract({'];
  if (options.isContract) body.push(`  ...${options.exportName}.normalization,`);
  body.push(`  name: ${JSON.stringify(s.contract)},`, `  schema: ${options.exportName}${options.isContract ? '.schema' : ''},`);
  if (options.isContract) body.push(`  tags: ${additions.tags === undefined ? `[...${options.exportName}.tags]` : list(additions.tags)},`);
  else if (additions.tags !== undefined) body.push(`  tags: ${list(additions.tags)},`);
  if (additions.rootAliases !== undefined) body.push(...aliasBlock('rootAliases', additions.rootAliases, s));
  if (additions.aliases !== undefined) body.push(...aliasBlock('aliases', additions.aliases, s));
  if (additions.synonyms !== undefined) body.push(...synonymBlock(s));
  if (additions.wrappers !== undefined) {
    for (const f of s.wrappers) body.push(`  // "${f.key}" wrapped the whole artifact: ${seen(f)}`);
    body.push(`  wrappers: ${list(additions.wrappers)},`);
  }
  body.push('})');
  const notes = [keysSeen('tags seen:', s.tags), keysSeen('fences seen:', s.fences), keysSeen('wrapper keys already unwrapped:', s.wrappersSeen)].filter((n) => n !== undefined);
  return [...header, ...body, ...notes.map((n) => `// ${n}`)].join('\n');
}
