import { generateRecords } from './generate-records.js';

/**
 * Realistic model text of exactly `length` UTF-16 units: consecutive generated
 * outputs (fences, tags, prose, noise) joined by blank lines, cut to size.
 *
 * @example
 * corpusText(2048, 1).length // 2048
 */
export function corpusText(length: number, seed: number): string {
  const parts: string[] = [];
  let total = 0;
  for (const { record } of generateRecords(seed)) {
    if (total >= length) break;
    parts.push(record.output);
    total += record.output.length + 2;
  }
  return parts.join('\n\n').slice(0, length);
}
