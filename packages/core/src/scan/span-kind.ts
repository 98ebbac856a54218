/**
 * Kinds of spans in the scanner's flat output `[kind, start, end, …]`.
 * Numbers, not strings, because the WASM scanner returns the same Int32Array.
 */
export const SpanKind = {
  /** Opening fence line: from the first backtick to the end of the line (newline excluded). */
  FENCE_OPEN: 1,
  /** Info string of an opening fence (`json`, `yaml`, …), trimmed; absent when empty. */
  FENCE_INFO: 2,
  /** Inner content of a fence: after the opening line's newline up to the closing line's start. */
  FENCE_BODY: 3,
  /** Closing fence line, from its first backtick to the end of the line. */
  FENCE_CLOSE: 4,
  /** Body of a fence that is never closed: after the opening line to the end of the text. */
  FENCE_UNCLOSED_BODY: 5,
  /** A bare closing fence with nothing but whitespace after it and no opening fence. */
  ORPHAN_FENCE: 6,
  /** `<TAG>` that has a matching `</TAG>`. */
  TAG_OPEN: 7,
  /** Content between `<TAG>` and `</TAG>`. */
  TAG_BODY: 8,
  /** `</TAG>`. */
  TAG_CLOSE: 9,
  /** `<TAG>` never closed: everything after it to the end of the text. */
  TAG_UNCLOSED_BODY: 10,
  /** `[assistant] ` style role prefix at a line start, including one following space. */
  TRANSCRIPT_PREFIX: 11,
  /** Trailing terminal noise: ANSI CSI/OSC, bracketed paste markers, C0 controls (plus whitespace between them). */
  TRAILING_NOISE: 12,
  /**
   * The first noise token of the text, wherever it is (one span at most, last in the output).
   * The scan reads every character but those of fence lines (FENCE_OPEN, FENCE_CLOSE,
   * ORPHAN_FENCE spans), so with those lines it tells whether the text holds noise at all.
   */
  FIRST_NOISE: 13,
} as const;

export type SpanKindCode = (typeof SpanKind)[keyof typeof SpanKind];
