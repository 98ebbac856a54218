/**
 * Cuts a raw text into segments at the edges of highlighted spans, so each
 * segment knows every mark covering it (spans may overlap or nest). Pure and
 * linear in text marks, so it is tested without a browser.
 */

/** What a highlight means: the chosen candidate, a repair (amber) or a failure (red). */
export type MarkKind = 'candidate' | 'repair' | 'failure';

/** A span to highlight, `[start, end)` in UTF-16 code units of the text. */
export interface Mark {
  start: number;
  end: number;
  kind: MarkKind;
  /** Index of the intervention it belongs to, if any. */
  intervention?: number;
}

/** A piece of the text and the marks covering it; `point` marks an empty span (an insertion) at `start`. */
export interface Segment {
  start: number;
  end: number;
  marks: Mark[];
  point?: true;
}

function clamp(n: number, max: number): number {
  return Number.isFinite(n) ? Math.min(Math.max(0, Math.trunc(n)), max) : 0;
}

/**
 * Segments of `[0, length)` with the marks covering each; empty spans become
 * zero-length point segments placed before the text at their offset.
 *
 * @example
 * highlightSegments(5, [{ start: 1, end: 3, kind: 'repair' }]);
 * // [{start:0,end:1,marks:[]}, {start:1,end:3,marks:[repair]}, {start:3,end:5,marks:[]}]
 */
export function highlightSegments(length: number, marks: readonly Mark[]): Segment[] {
  const spans: Mark[] = [];
  const points = new Map<number, Mark[]>();
  for (const mark of marks) {
    const start = clamp(mark.start, length);
    const end = clamp(mark.end, length);
    if (end > start) spans.push({ ...mark, start, end });
    else {
      const list = points.get(start) ?? [];
      list.push({ ...mark, start, end: start });
      points.set(start, list);
    }
  }
  const edges = new Set<number>([0, length, ...points.keys()]);
  for (const span of spans) {
    edges.add(span.start);
    edges.add(span.end);
  }
  const cuts = [...edges].sort((a, b) => a - b);
  const byStart = [...spans].sort((a, b) => a.start - b.start);
  const segments: Segment[] = [];
  let active: Mark[] = [];
  let next = 0;
  for (let k = 0; k < cuts.length; k++) {
    const at = cuts[k]!;
    const pointMarks = points.get(at);
    if (pointMarks !== undefined) segments.push({ start: at, end: at, marks: pointMarks, point: true });
    const to = cuts[k + 1];
    if (to === undefined) break;
    active = active.filter((m) => m.end > at);
    while (next < byStart.length && byStart[next]!.start <= at) active.push(byStart[next++]!);
    segments.push({ start: at, end: to, marks: active.filter((m) => m.end > at) });
  }
  return segments;
}
