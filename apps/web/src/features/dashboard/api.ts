import type { BuyerWarehouse } from '@mandira/contract/buyers';
import { useQueries } from '@tanstack/react-query';
import { DASHBOARD_KEY } from '../../api/dashboard.ts';
import { apiQuery } from '../../api/query.ts';

/** The dashboard counters (`GET /dashboard/*-count`) that tell whether a first step is done. */
export type SetupCounter =
  | 'user-count'
  | 'product-item-count'
  | 'stocked-item-count'
  | 'listing-product-count'
  | 'buyer-count'
  | 'buyer-warehouses';

/**
 * The counters, asked only when `enabled`: the welcome text alone makes no calls; the
 * first-steps card does, for the user who sets the portal up.
 */
export function useSetupCounts(counters: readonly SetupCounter[], enabled: boolean) {
  return useQueries({
    queries: counters.map((counter) =>
      counter === 'buyer-warehouses'
        ? // No counter exists for the delivery points: their list is short, its length will do.
          {
            ...apiQuery<BuyerWarehouse[]>([...DASHBOARD_KEY, counter], '/buyers/warehouses'),
            select: (warehouses: BuyerWarehouse[]) => warehouses.length,
            enabled,
          }
        : { ...apiQuery<number>([...DASHBOARD_KEY, counter], `/dashboard/${counter}`), enabled },
    ),
  });
}
