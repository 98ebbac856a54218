/**
 * Finds where a run-log line stops being UTF-8. Decoding replaces an invalid
 * byte with U+FFFD silently; a batch makes that a `bad_record` instead (the
 * model text may have been cut or mangled in transport, and nothing is guessed),
 * naming the byte offset so the line can be found with a hex viewer.
 */

/** Length of the sequence a lead byte announces, 0 for a byte that cannot lead one. */
function sequenceLength(lead: number): number {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

/** Whether `second` may follow `lead` (no overlong forms, surrogates or code points past U+10FFFF). */
function validSecond(lead: number, second: number): boolean {
  if (lead === 0xe0) return second >= 0xa0 && second <= 0xbf;
  if (lead === 0xed) return second >= 0x80 && second <= 0x9f;
  if (lead === 0xf0) return second >= 0x90 && second <= 0xbf;
  if (lead === 0xf4) return second >= 0x80 && second <= 0x8f;
  return second >= 0x80 && second <= 0xbf;
}

/**
 * Offset (from `start`) of the first byte of `bytes[start, end)` that is not
 * part of a valid UTF-8 sequence, or -1 when the range is valid UTF-8.
 *
 * @example
 * findInvalidUtf8(Buffer.from([0x61, 0xff, 0x62]), 0, 3); // 1
 * findInvalidUtf8(Buffer.from('é'), 0, 2); // -1
 */
export function findInvalidUtf8(bytes: Uint8Array, start: number, end: number): number {
  for (let at = start; at < end; ) {
    const lead = bytes[at]!;
    const length = sequenceLength(lead);
    if (length === 0 || at + length > end) return at - start;
    if (length > 1 && !validSecond(lead, bytes[at + 1]!)) return at - start;
    for (let k = 2; k < length; k++) if ((bytes[at + k]! & 0xc0) !== 0x80) return at - start;
    at += length;
  }
  return -1;
}
