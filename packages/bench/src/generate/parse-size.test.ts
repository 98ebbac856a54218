import { describe, expect, it } from 'vitest';
import { formatSize, parseSize } from './parse-size.js';

describe('parseSize / formatSize', () => {
  it('reads binary units and round-trips', () => {
    expect(parseSize('10MB')).toBe(10 * 1024 * 1024);
    expect(parseSize('1gb')).toBe(1024 ** 3);
    expect(parseSize('64K')).toBe(65536);
    expect(parseSize('512')).toBe(512);
    expect(formatSize(parseSize('256KB'))).toBe('256KB');
    expect(formatSize(1536)).toBe('1.5KB');
  });

  it('rejects nonsense', () => {
    expect(() => parseSize('ten megs')).toThrow(/Invalid size/);
  });
});
