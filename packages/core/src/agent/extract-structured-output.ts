/**
 * `extractStructuredOutput` (cadre): the output block an agent was told to
 * write (```` ```cadre-json ````, ```` ```aamf-json ```` …) is the preferred
 * candidate; the whole Airlock pipeline (repair, normalize, validate) runs on
 * its body. Only when no block validates, and fallback is allowed, is the
 * whole text parsed the usual way.
 */
import type { AnySchema, Contract } from '../contract/contract.js';
import { failure } from '../pipeline/failure.js';
import { safeParse } from '../pipeline/safe-parse.js';
import type { SafeParseOptions } from '../stage-types.js';
import { selectScan } from '../scan/select-scanner.js';
import { SpanKind } from '../scan/span-kind.js';
import type { CandidateInfo, Intervention, ParseResult, Span } from '../types.js';

/** Options of {@link extractStructuredOutput}, on top of `safeParse`'s. */
export interface ExtractionOptions extends SafeParseOptions {
  /** Fence info string of the output block. Default `cadre-json`. */
  blockMarker?: string;
  /** Parse the whole content (every Airlock candidate) when no block validates. Default true. */
  fallbackToRawJson?: boolean;
}

/** The default block marker. */
export const DEFAULT_BLOCK_MARKER = 'cadre-json';
/** Bounds work on hostile text with thousands of fences. */
const MAX_BLOCKS = 64;
const NON_SPACE = /\S/;

/** Bodies of the fences whose info string starts with the marker, in order. */
function markerBlocks(content: string, marker: string): Span[] {
  const spans = selectScan(content);
  const blocks: Span[] = [];
  for (let k = 3; k < spans.length && blocks.length < MAX_BLOCKS; k += 3) {
    const kind = spans[k]!;
    if (kind !== SpanKind.FENCE_BODY && kind !== SpanKind.FENCE_UNCLOSED_BODY) continue;
    if (spans[k - 3] !== SpanKind.FENCE_INFO) continue;
    const info = content.slice(spans[k - 2], spans[k - 1]);
    const word = info.split(/\s/, 1)[0]!;
    if (word.toLowerCase() === marker.toLowerCase()) blocks.push([spans[k + 1]!, spans[k + 2]!]);
  }
  return blocks;
}

function shiftSpan(span: Span, offset: number): Span {
  return [span[0] + offset, span[1] + offset];
}

/** Moves a result parsed from a block body back into the coordinates of the whole content. */
function rebase<T>(result: ParseResult<T>, offset: number, marker: string): ParseResult<T> {
  // A body parsed as-is records nothing: the block is the agreed envelope, not wrapper text.
  const interventions: Intervention[] = result.interventions.map((i) => (i.span === undefined ? i : { ...i, span: shiftSpan(i.span, offset) }));
  const inner = result.candidate;
  const candidate: CandidateInfo | undefined =
    inner === undefined ? undefined : { ...inner, span: shiftSpan(inner.span, offset), ...(inner.source === 'raw' ? { source: 'fenced', fenceInfo: marker } : {}) };
  if (result.success) return { ...result, interventions, candidate: candidate! };
  return { ...result, interventions, ...(candidate === undefined ? {} : { candidate }) };
}

/**
 * Extracts and validates the structured output of an agent. Never throws.
 *
 * @example
 * const schema = z.object({ verdict: z.enum(['approve', 'reject']) });
 * extractStructuredOutput('Done.\n```cadre-json\n{"verdict":"approve"}\n```', schema);
 * // { success: true, data: { verdict: 'approve' }, interventions: [], candidate: { source: 'fenced', fenceInfo: 'cadre-json', … } }
 * extractStructuredOutput('{"verdict":"approve"}', schema, { fallbackToRawJson: false });
 * // { success: false, failure: 'no_candidate', extractionError: 'No ```cadre-json block was found in the output.' }
 */
export function extractStructuredOutput<T>(content: unknown, schema: Contract<T> | AnySchema<T>, options: ExtractionOptions = {}): ParseResult<T> {
  const { blockMarker = DEFAULT_BLOCK_MARKER, fallbackToRawJson = true, ...parseOptions } = options;
  // Empty and non-string output get safeParse's own classification.
  if (typeof content !== 'string' || !NON_SPACE.test(content)) return safeParse(content, schema, parseOptions);
  let blockFailure: ParseResult<T> | undefined;
  for (const [start, end] of markerBlocks(content, blockMarker)) {
    const result = rebase(safeParse(content.slice(start, end), schema, parseOptions), start, blockMarker);
    if (result.success) return result;
    blockFailure ??= result;
  }
  if (!fallbackToRawJson) return blockFailure ?? failure('no_candidate', `No \`\`\`${blockMarker} block was found in the output.`);
  const whole = safeParse(content, schema, parseOptions);
  // A broken block says more about what the agent meant than the rest of the text does.
  return whole.success || blockFailure === undefined ? whole : blockFailure;
}
