/** Intervention codes of candidate extraction (scan stage). */
export const SCAN_CODES = [
  'candidate_recovered',
  'transcript_prefix_stripped',
  'trailing_noise_trimmed',
  'orphan_fence_trimmed',
  'leading_prose_trimmed',
  'trailing_prose_trimmed',
] as const;
export type ScanCode = (typeof SCAN_CODES)[number];
