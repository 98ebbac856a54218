/**
 * The scan family's trims around a streamed root: prose (or a fence opener) skipped before it,
 * and text after it once it is complete (a closing fence, a sign-off). The reader skips them as
 * they arrive; the records are made per snapshot, as their spans grow with the stream.
 */
import type { Intervention } from '../types.js';
import type { ReaderSnapshot } from './reader-state.js';

/**
 * The trims of a snapshot's root: before it once it started, after it once it is complete.
 *
 * @example
 * proseTrims(reader.push('Sure: {"a": 1}')).map((i) => i.rule) // ['leading_prose_trimmed']
 */
export function proseTrims(snapshot: ReaderSnapshot): Intervention[] {
  const { root } = snapshot;
  const out: Intervention[] = [];
  if (root.proseStart >= 0 && root.start > root.proseStart) {
    const trim: Intervention = { rule: 'leading_prose_trimmed', stage: 'parse', category: 'cleanup', message: 'Trimmed text before the structured artifact.', span: [root.proseStart, root.start], after: '' };
    // The reader keeps the prose's first characters only: `before` is set when they are all of it.
    if (root.proseExcerpt.length === root.start - root.proseStart) trim.before = root.proseExcerpt;
    out.push(trim);
  }
  if (snapshot.done !== undefined && root.trailingStart >= 0) {
    out.push({ rule: 'trailing_prose_trimmed', stage: 'parse', category: 'cleanup', message: 'Trimmed text after the structured artifact.', span: [root.trailingStart, snapshot.position], after: '' });
  }
  return out;
}
