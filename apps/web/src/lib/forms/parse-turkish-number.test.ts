import { describe, expect, it } from 'vitest';
import {
  formatTurkishNumber,
  NOT_A_NUMBER_MESSAGE,
  parseTurkishNumber,
  TOO_LARGE_MESSAGE,
  tooManyDecimalsMessage,
  WHOLE_NUMBER_MESSAGE,
} from './parse-turkish-number.ts';

const oneDecimal = { decimals: 1 };
const money = { decimals: 2 };
const whole = { decimals: 0 };

const read = (text: string, rules = oneDecimal) => {
  const parsed = parseTurkishNumber(text, rules);
  return parsed.kind === 'number' ? parsed.value : parsed;
};

describe('parseTurkishNumber', () => {
  it('reads the comma as the decimal separator', () => {
    expect(read('1512,7')).toBe(1512.7);
    expect(read('12,5', money)).toBe(12.5);
    expect(read('38,50', money)).toBe(38.5);
    expect(read(',5')).toBe(0.5);
  });

  it('reads dots before a comma as thousands separators', () => {
    expect(read('1.512,7')).toBe(1512.7);
    expect(read('12.500.000,25', money)).toBe(12_500_000.25);
  });

  it('understands a dot typed as a decimal point', () => {
    expect(read('12.5')).toBe(12.5);
    expect(read('0.25', money)).toBe(0.25);
    expect(read('39.925533', { decimals: 6 })).toBe(39.925533);
  });

  it('reads a dot before three digits as a thousands separator, as a Turkish reader does', () => {
    expect(read('1.512', whole)).toBe(1512);
    expect(read('1.512.300', whole)).toBe(1_512_300);
  });

  it('takes a dot for a thousands separator only where it groups three digits (decision 138)', () => {
    // Money and weight fields, with the examples the rule is written with.
    expect(read('12.5', money)).toBe(12.5);
    expect(read('1.512', money)).toBe(1512);
    expect(read('1.512,7', money)).toBe(1512.7);
    expect(read('8.016', money)).toBe(8016);
    expect(read('8.01', money)).toBe(8.01);
    expect(read('12.50', money)).toBe(12.5);
    expect(read('0.125', { decimals: 3 })).toBe(0.125);
    expect(read('12.500', { decimals: 3 })).toBe(12500);
    // Dots before a comma group thousands or the text is refused; never is one a decimal point.
    for (const text of ['1.5,7', '12.50,5', '1.5124,7', '0.512,7']) {
      expect(read(text, money), text).toEqual({ kind: 'invalid', message: NOT_A_NUMBER_MESSAGE });
    }
  });

  it('reads a minus sign, also the typographic one', () => {
    expect(read('-3', whole)).toBe(-3);
    expect(read('−3,5')).toBe(-3.5);
    expect(read('-0', whole)).toBe(0);
    expect(Object.is(read('-0', whole), -0)).toBe(false);
  });

  it('ignores spaces and a trailing comma left while typing', () => {
    expect(read(' 1 512,7 ')).toBe(1512.7);
    expect(read('12,')).toBe(12);
  });

  it('takes empty text as no value', () => {
    expect(parseTurkishNumber('', oneDecimal)).toEqual({ kind: 'empty' });
    expect(parseTurkishNumber('   ', oneDecimal)).toEqual({ kind: 'empty' });
  });

  it('refuses more decimals than the field allows instead of rounding or joining them', () => {
    expect(read('12,75')).toEqual({ kind: 'invalid', message: tooManyDecimalsMessage(1) });
    expect(read('1.5123', money)).toEqual({ kind: 'invalid', message: tooManyDecimalsMessage(2) });
    // Trailing zeros add no decimal.
    expect(read('12,50')).toBe(12.5);
  });

  it('refuses a decimal in a whole-number field instead of joining the digits', () => {
    expect(read('12,7', whole)).toEqual({ kind: 'invalid', message: WHOLE_NUMBER_MESSAGE });
    expect(read('12.5', whole)).toEqual({ kind: 'invalid', message: WHOLE_NUMBER_MESSAGE });
    expect(read('12,0', whole)).toBe(12);
  });

  it('refuses text that is not one number', () => {
    for (const text of ['abc', '12a', '-', ',', '1,2,3', '1.2.3', '12.50,5', '1,512.7', '--3', '3-', '1e5']) {
      expect(read(text), text).toEqual({ kind: 'invalid', message: NOT_A_NUMBER_MESSAGE });
    }
  });

  it('refuses numbers beyond what a double holds exactly', () => {
    expect(read('1234567890123456', whole)).toEqual({ kind: 'invalid', message: TOO_LARGE_MESSAGE });
    expect(read('123456789012345', whole)).toBe(123_456_789_012_345);
  });
});

describe('formatTurkishNumber', () => {
  it('writes tr-TR grouping and decimal comma', () => {
    expect(formatTurkishNumber(1512.7)).toBe('1.512,7');
    expect(formatTurkishNumber(-3)).toBe('-3');
    expect(formatTurkishNumber(0.25)).toBe('0,25');
  });

  it('leaves grouping out where it would mislead, as in a year', () => {
    expect(formatTurkishNumber(2026, { grouping: false })).toBe('2026');
  });

  it('shows every decimal of the value, so the text never stands for another number', () => {
    expect(formatTurkishNumber(1.23456)).toBe('1,23456');
  });

  it('pads to the decimals money is written with, and still shows any further one', () => {
    expect(formatTurkishNumber(5000.5, { minimumDecimals: 2 })).toBe('5.000,50');
    expect(formatTurkishNumber(8016, { minimumDecimals: 2 })).toBe('8.016,00');
    expect(formatTurkishNumber(0.125, { minimumDecimals: 2 })).toBe('0,125');
  });

  it('gives back text the parser reads as the same number', () => {
    for (const value of [0, 1, -3, 12.5, 1512.7, 1_234_567.25, 39.925533, -180]) {
      expect(read(formatTurkishNumber(value), { decimals: 6 })).toBe(value);
    }
  });
});
