/**
 * Finds the relative links of a Markdown text that point nowhere: a file that does not exist,
 * or an anchor that no heading of the target Markdown file produces (GitHub's heading ids).
 * Links to other sites are not fetched.
 *
 * @example
 * brokenLinks('/repo', 'README.md', '[guide](docs/missing.md)'); // ['README.md:1: docs/missing.md does not exist']
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const LINK = /\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;
const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/** GitHub's id for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count === 0 ? base : `${base}-${count}`);
  }
  return ids;
}

/** `file:line: why` for each relative link of `file` (relative to `root`) that does not resolve. */
export function brokenLinks(root: string, file: string, markdown: string): string[] {
  const broken: string[] = [];
  let fenced = false;
  markdown.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const [, target = ''] of line.replace(/`[^`]*`/g, '').matchAll(LINK)) {
      if (EXTERNAL.test(target)) continue;
      const [path = '', anchor] = target.split('#');
      const absolute = path === '' ? join(root, file) : resolve(root, dirname(file), path);
      const where = `${file}:${index + 1}`;
      if (!existsSync(absolute)) {
        broken.push(`${where}: ${path} does not exist`);
      } else if (anchor !== undefined && absolute.endsWith('.md') && statSync(absolute).isFile() && !headingIds(readFileSync(absolute, 'utf8')).has(anchor)) {
        broken.push(`${where}: ${relative(root, absolute)} has no heading #${anchor}`);
      }
    }
  });
  return broken;
}
