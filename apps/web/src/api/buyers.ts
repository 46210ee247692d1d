import type { Buyer, BuyerWarehouse } from '@mandira/contract/buyers';
import { useQuery } from '@tanstack/react-query';
import { queryString } from './client.ts';
import { apiQuery } from './query.ts';

/**
 * Buyers and their warehouses are reference lists of several screens (buyer management, warehouse
 * management, order-taking, baskets). Every read lives under this key, so a write on one screen that
 * invalidates it refreshes the others.
 */
export const BUYERS_KEY = ['buyers'] as const;
const LIST = [...BUYERS_KEY, 'list'] as const;
const WAREHOUSES = [...BUYERS_KEY, 'warehouses'] as const;

export function useBuyers() {
  return useQuery(apiQuery<Buyer[]>(LIST, '/buyers'));
}

/** Every buyer's warehouses, or one buyer's when `buyerId` is given (e.g. the delivery branches of an order). */
export function useBuyerWarehouses(buyerId?: number) {
  return useQuery(
    apiQuery<BuyerWarehouse[]>(
      [...WAREHOUSES, buyerId ?? 'all'],
      `/buyers/warehouses${queryString({ buyerId })}`,
    ),
  );
}
