import { describe, expect, it } from 'vitest';
import { codeAt } from './code-at.js';

describe('codeAt', () => {
  it('reads the code unit inside the text', () => {
    expect(codeAt('a,b', 1)).toBe(0x2c);
    expect(codeAt('\u201c', 0)).toBe(0x201c);
  });

  it('answers -1 at and past the end, where charCodeAt answers NaN', () => {
    expect(codeAt('ab', 2)).toBe(-1);
    expect(codeAt('ab', 9)).toBe(-1);
    expect(codeAt('', 0)).toBe(-1);
  });
});
