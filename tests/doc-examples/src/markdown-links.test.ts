import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentationFiles } from './documentation-files.js';
import { brokenLinks, headingIds } from './markdown-links.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const FIXTURES = 'tests/doc-examples/src/fixtures';

describe('markdown links', () => {
  it('names headings as GitHub does', () => {
    expect([...headingIds('# Airlock\n## Agent runtime (`@airlock/core/agent`)\n## Thread crossover (the CLI\'s default)\n## Notes\n## Notes\n```\n# not a heading\n```\n')]).toEqual([
      'airlock', 'agent-runtime-airlockcoreagent', 'thread-crossover-the-clis-default', 'notes', 'notes-1',
    ]);
  });

  it('reports a missing file and a missing anchor, and leaves other sites and code alone', () => {
    const file = `${FIXTURES}/links.md`;
    expect(brokenLinks(ROOT, file, readFileSync(join(ROOT, file), 'utf8'))).toEqual([
      `${file}:3: missing.md does not exist`,
      `${file}:4: ${FIXTURES}/guide.md has no heading #no-such-heading`,
    ]);
  });

  it('finds no broken link in README.md and docs/*.md', () => {
    const broken = documentationFiles(ROOT).flatMap((file) => brokenLinks(ROOT, file, readFileSync(join(ROOT, file), 'utf8')));
    expect(broken).toEqual([]);
  });
});
