import type { LotFilters } from './api.ts';

/** The state filter of the screen: one of the list's on-hand filters (docs/domain/lots.md). */
export type LotState = 'inStock' | 'expiring' | 'expired';

/** A positive whole number from the URL, or undefined for anything else. */
const positive = (text: string | null) => {
  if (text === null || !/^\d{1,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 ? value : undefined;
};

/**
 * The filters and the chosen lot in the screen's URL: `?productItemId=&warehouseId=`, one of
 * `inStock=true`, `expiringWithinDays=N` (the expiry work card's link) and `expired=true`, and `lot=`.
 */
export function lotFiltersOf(params: URLSearchParams): {
  filters: LotFilters;
  state: LotState | undefined;
  lotId: number | undefined;
} {
  const filters: LotFilters = {};
  const productItemId = positive(params.get('productItemId'));
  const warehouseId = positive(params.get('warehouseId'));
  if (productItemId) filters.productItemId = productItemId;
  if (warehouseId) filters.warehouseId = warehouseId;
  let state: LotState | undefined;
  const days = positive(params.get('expiringWithinDays'));
  if (params.get('expired') === 'true') {
    state = 'expired';
    filters.expired = true;
  } else if (days) {
    state = 'expiring';
    filters.expiringWithinDays = days;
  } else if (params.get('inStock') === 'true') {
    state = 'inStock';
    filters.inStock = true;
  }
  return { filters, state, lotId: positive(params.get('lot')) };
}

/** The URL parameters of a chosen state; the others are cleared. */
export function stateParams(state: LotState | undefined, days: number): Record<string, string | undefined> {
  return {
    inStock: state === 'inStock' ? 'true' : undefined,
    expiringWithinDays: state === 'expiring' ? String(days) : undefined,
    expired: state === 'expired' ? 'true' : undefined,
  };
}
