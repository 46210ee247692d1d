import * as buyers from '@mandira/contract/operations/buyers';
import { useQuery } from '@tanstack/react-query';
import { operationQuery } from './query.ts';

/**
 * Buyers and their warehouses are reference lists of several screens (buyer management, warehouse
 * management, order-taking, baskets). Every read lives under this key, so a write on one screen that
 * invalidates it refreshes the others.
 */
export const BUYERS_KEY = ['buyers'] as const;

export function useBuyers() {
  return useQuery(operationQuery(BUYERS_KEY, buyers.listBuyers));
}

/** Every buyer's warehouses, or one buyer's when `buyerId` is given (e.g. the delivery branches of an order). */
export function useBuyerWarehouses(buyerId?: number) {
  return useQuery(operationQuery(BUYERS_KEY, buyers.listBuyerWarehouses, { query: { buyerId } }));
}
