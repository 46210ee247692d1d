import { describe, expect, it } from 'vitest';
import { parseTurkishDate } from './turkish-date.ts';

describe('parseTurkishDate', () => {
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
