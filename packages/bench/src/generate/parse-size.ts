const UNITS: Record<string, number> = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 };

/**
 * Parses a human size (`64KB`, `10MB`, `1GB`, `512`) into bytes; binary units.
 *
 * @example
 * parseSize('10MB') // 10485760
 */
export function parseSize(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|K|M|G)?\s*$/i.exec(text);
  if (!m) throw new Error(`Invalid size "${text}" (use e.g. 256KB, 10MB, 1GB).`);
  const unit = (m[2] ?? 'B').toUpperCase();
  const factor = UNITS[unit.length === 1 && unit !== 'B' ? `${unit}B` : unit]!;
  return Math.round(Number(m[1]) * factor);
}

/**
 * Formats bytes with a binary unit.
 *
 * @example
 * formatSize(65536) // '64KB'
 */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 ** 3 && bytes % 1024 ** 3 === 0) return `${bytes / 1024 ** 3}GB`;
  if (bytes >= 1024 ** 2 && bytes % 1024 ** 2 === 0) return `${bytes / 1024 ** 2}MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024}KB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)}MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${bytes}B`;
}
