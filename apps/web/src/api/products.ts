import * as sellableProducts from '@mandira/contract/operations/sellable-products';
import { useQuery } from '@tanstack/react-query';
import { operationQuery } from './query.ts';

/**
 * Sellable products with their stock figures: the catalogue screen and the order-taking screen read the
 * same list. Catalogue writes, basket adds and order steps change what it shows, so each invalidates
 * `PRODUCTS_KEY` (or `SELLABLE_PRODUCTS_KEY` when only the figures moved).
 */
export const PRODUCTS_KEY = ['products'] as const;
export const SELLABLE_PRODUCTS_KEY = [...PRODUCTS_KEY, 'sellable'] as const;

export function useSellableProducts(packagingGroup: string) {
  return useQuery(
    operationQuery(SELLABLE_PRODUCTS_KEY, sellableProducts.listSellableProducts, {
      query: { packagingGroup },
    }),
  );
}

export function useProductPackagingGroups() {
  return useQuery(operationQuery(SELLABLE_PRODUCTS_KEY, sellableProducts.listSellableProductPackagingGroups));
}
