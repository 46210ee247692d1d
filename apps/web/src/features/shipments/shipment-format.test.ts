import { describe, expect, it } from 'vitest';
import { formatKilometres, formatTons, kilometres, minutes } from './shipment-format.ts';

describe('route figures', () => {
  it('shows metres as km with two decimals, the Turkish way', () => {
    expect(kilometres(190_264)).toBe(190.26);
    expect(formatKilometres(190_264)).toBe('190,26');
    expect(formatKilometres(1_234_500)).toBe('1.234,50');
    expect(formatKilometres(0)).toBe('0,00');
  });

  it('shows seconds as whole minutes', () => {
    expect(minutes(11_416)).toBe(190);
    expect(minutes(29)).toBe(0);
  });

  it('shows nothing for a figure that could not be computed', () => {
    expect(kilometres(null)).toBeNull();
    expect(formatKilometres(null)).toBe('');
    expect(minutes(null)).toBeNull();
    expect(formatTons(null)).toBe('');
  });

  it('shows tons to the kilogram', () => {
    expect(formatTons(12.3456)).toBe('12,346');
  });
});
