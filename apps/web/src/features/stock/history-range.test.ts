import { describe, expect, it } from 'vitest';
import { monthsBefore, quickRange } from './history-range.ts';

describe('stock history quick ranges', () => {
  it('go 7 days, 1 month, 3 months and 1 year back from today, ending today', () => {
    expect(quickRange('1H', '2026-11-23')).toEqual({ startDate: '2026-11-16', endDate: '2026-11-23' });
    expect(quickRange('1A', '2026-11-23')).toEqual({ startDate: '2026-10-23', endDate: '2026-11-23' });
    expect(quickRange('3A', '2026-01-15')).toEqual({ startDate: '2025-10-15', endDate: '2026-01-15' });
    expect(quickRange('1Y', '2026-11-23')).toEqual({ startDate: '2025-11-23', endDate: '2026-11-23' });
  });

  it('keep to the last day of a shorter month', () => {
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2024-05-31', 3)).toBe('2024-02-29');
    expect(monthsBefore('2024-02-29', 12)).toBe('2023-02-28');
  });
});
