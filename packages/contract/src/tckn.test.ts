import { describe, expect, it } from 'vitest';
import { completeTckn, isValidTckn } from './tckn.ts';

describe('T.C. kimlik number', () => {
  it('accepts numbers whose checksums are right', () => {
    expect(isValidTckn('10000000146')).toBe(true);
    expect(isValidTckn('12345678950')).toBe(true);
  });

  it('refuses wrong checksums, lengths, a leading zero and non-digits', () => {
    for (const text of [
      '10000000147',
      '12345678901',
      '1000000014',
      '100000001460',
      '01234567890',
      '1000000014a',
    ]) {
      expect(isValidTckn(text), text).toBe(false);
    }
  });

  it('completes nine digits with their checksums', () => {
    expect(completeTckn('100000001')).toBe('10000000146');
    expect(completeTckn('123456789')).toBe('12345678950');
    expect(() => completeTckn('012345678')).toThrow();
  });
});
