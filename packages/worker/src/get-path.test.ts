import { describe, expect, it } from 'vitest';
import { getPath } from './get-path.js';

describe('getPath', () => {
  it('reads nested objects and array indexes', () => {
    expect(getPath({ a: { b: [{ c: 'x' }] } }, 'a.b.0.c')).toBe('x');
    expect(getPath({ output: 'hi' }, 'output')).toBe('hi');
  });

  it('finds nothing through missing keys, primitives or prototypes', () => {
    expect(getPath({ a: 1 }, 'a.b')).toBeUndefined();
    expect(getPath({ a: null }, 'a.b')).toBeUndefined();
    expect(getPath({}, 'constructor')).toBeUndefined();
    expect(getPath({}, '__proto__.toString')).toBeUndefined();
    expect(getPath(JSON.parse('{"__proto__": {"x": 1}}'), '__proto__.x')).toBe(1);
  });
});
