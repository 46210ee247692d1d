import { describe, expect, it } from 'vitest';
import { formatDuration, formatKilometres, formatTons, kilometres, minutes } from './shipment-format.ts';

describe('route figures', () => {
  it('shows metres as whole km, the Turkish way', () => {
    expect(kilometres(855_630)).toBe(856);
    expect(formatKilometres(855_630)).toBe('856');
    expect(formatKilometres(1_234_500)).toBe('1.235');
    expect(formatKilometres(499)).toBe('0');
    expect(formatKilometres(0)).toBe('0');
  });

  it('shows seconds as hours and minutes', () => {
    expect(minutes(11_416)).toBe(190);
    expect(formatDuration(51_360)).toBe('14 sa 16 dk');
    expect(formatDuration(11_416)).toBe('3 sa 10 dk');
    expect(formatDuration(7_200)).toBe('2 sa');
    expect(formatDuration(2_700)).toBe('45 dk');
    expect(formatDuration(29)).toBe('0 dk');
    // 14 sa 59,5 dk rounds to the next hour, not to '14 sa 60 dk'.
    expect(formatDuration(53_970)).toBe('15 sa');
  });

  it('shows nothing for a figure that could not be computed', () => {
    expect(kilometres(null)).toBeNull();
    expect(formatKilometres(null)).toBe('');
    expect(minutes(null)).toBeNull();
    expect(formatDuration(null)).toBe('');
    expect(formatTons(null)).toBe('');
  });

  it('shows tons to the kilogram, always three decimals', () => {
    expect(formatTons(12.3456)).toBe('12,346');
    expect(formatTons(0.04)).toBe('0,040');
    expect(formatTons(0.039)).toBe('0,039');
    expect(formatTons(1500)).toBe('1.500,000');
  });
});
