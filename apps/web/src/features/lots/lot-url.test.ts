import { describe, expect, it } from 'vitest';
import { lotFiltersOf, stateParams } from './lot-url.ts';

describe('the lots screen URL', () => {
  it('reads the expiry work cards’ links as the list’s filters', () => {
    expect(lotFiltersOf(new URLSearchParams('expiringWithinDays=7'))).toEqual({
      filters: { expiringWithinDays: 7 },
      state: 'expiring',
      lotId: undefined,
    });
    expect(lotFiltersOf(new URLSearchParams('expired=true&productItemId=4&lot=12'))).toEqual({
      filters: { expired: true, productItemId: 4 },
      state: 'expired',
      lotId: 12,
    });
  });

  it('drops what is no positive whole number', () => {
    expect(lotFiltersOf(new URLSearchParams('expiringWithinDays=0&warehouseId=abc&lot=-1'))).toEqual({
      filters: {},
      state: undefined,
      lotId: undefined,
    });
  });

  it('sets one state and clears the others', () => {
    expect(stateParams('expiring', 7)).toEqual({
      inStock: undefined,
      expiringWithinDays: '7',
      expired: undefined,
    });
    expect(stateParams(undefined, 7)).toEqual({
      inStock: undefined,
      expiringWithinDays: undefined,
      expired: undefined,
    });
  });
});
