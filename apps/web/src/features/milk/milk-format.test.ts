import { describe, expect, it } from 'vitest';
import { deliveryTimeText, parseTurkishDate } from './milk-format.ts';

describe('milk formats', () => {
  it('shows a delivery time as YYYY-MM-DD HH:MM in Istanbul time', () => {
    expect(deliveryTimeText('2026-03-01T06:30:00+03:00')).toBe('2026-03-01 06:30');
  });

  it('reads Turkish dates and times as typed', () => {
    expect(parseTurkishDate('12.04.1988')).toBe('1988-04-12');
    expect(parseTurkishDate('1.4.1988')).toBe('1988-04-01');
    expect(parseTurkishDate('22.11.2026 07:05', true)).toBe('2026-11-22 07:05:00');
    expect(parseTurkishDate('22.11.2026 7.05', true)).toBe('2026-11-22 07:05:00');
  });

  it('refuses what is not a real date or time', () => {
    expect(parseTurkishDate('30.02.2026')).toBeNull();
    expect(parseTurkishDate('1988-04-12')).toBeNull();
    expect(parseTurkishDate('22.11.2026', true)).toBeNull();
    expect(parseTurkishDate('22.11.2026 24:00', true)).toBeNull();
  });
});
