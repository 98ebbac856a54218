/**
 * Rule 8: lines that are nothing but an XML-style tag (`<tag>`, `</tag>`,
 * `<tag/>`) — envelope debris around or inside the payload. Each such line is
 * removed and named in the warning; tags inside block scalar bodies are text.
 */
import type { YamlLine } from '../line-table.js';
import { LineRewriter, mentions, unchanged, type RepairStep } from './repair-kit.js';
import { replaceLine, rewriteLines } from './rewrite-lines.js';

const TAG_LINE = /^[ \t]*(<\/?[A-Za-z][\w.:-]*(?:[ \t]+[^<>]*)?\/?>)[ \t]*$/;

/** The seed's wording, listing the tag removed. */
export function xmlTagMessage(tag: string): string {
  return `Stripped XML-style tags ${tag} from the payload before parsing.`;
}

/**
 * @example
 * repairXmlTagLines(toLines('<BEAD_STATUS>\nstatus: done\n</BEAD_STATUS>'), ctx).lines.map((l) => l.text) // ['status: done']
 */
export function repairXmlTagLines(lines: readonly YamlLine[]): RepairStep {
  // A tag line holds a `<`: without one anywhere, nothing matches.
  if (!mentions(lines, '<')) return unchanged(lines);
  const w = new LineRewriter('yaml_xml_tag_line_stripped', '', 'cleanup');
  return rewriteLines(lines, w, (i) => {
    const match = TAG_LINE.exec(lines[i]!.text);
    return match === null ? null : replaceLine(i, [], xmlTagMessage(match[1]!));
  });
}
