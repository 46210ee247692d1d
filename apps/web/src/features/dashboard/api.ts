import { countUsers } from '@mandira/contract/operations/access';
import { countBuyers, listBuyerWarehouses } from '@mandira/contract/operations/buyers';
import { countProductItems } from '@mandira/contract/operations/product-items';
import { countSellableProducts } from '@mandira/contract/operations/sellable-products';
import { countStockedItems } from '@mandira/contract/operations/stock';
import { useQueries } from '@tanstack/react-query';
import { DASHBOARD_KEY } from '../../api/dashboard.ts';
import { operationQuery } from '../../api/query.ts';

/** The dashboard counters that tell whether a first step is done, each read by its operation. */
const COUNTERS = {
  'user-count': countUsers,
  'product-item-count': countProductItems,
  'stocked-item-count': countStockedItems,
  'listing-product-count': countSellableProducts,
  'buyer-count': countBuyers,
} as const;

export type SetupCounter = keyof typeof COUNTERS | 'buyer-warehouses';

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
            ...operationQuery(DASHBOARD_KEY, listBuyerWarehouses),
            select: (warehouses: readonly unknown[]) => warehouses.length,
            enabled,
          }
        : { ...operationQuery(DASHBOARD_KEY, COUNTERS[counter]), enabled },
    ),
  });
}
