import type { Product } from '@mandira/contract/sellable-products';
import { useQuery } from '@tanstack/react-query';
import { queryString } from './client.ts';
import { apiQuery } from './query.ts';

/**
 * Sellable products with their stock figures: the catalogue screen and the order-taking screen read the
 * same list. Catalogue writes, basket adds and order steps change what it shows, so each invalidates
 * `PRODUCTS_KEY` (or `SELLABLE_PRODUCTS_KEY` when only the figures moved).
 */
export const PRODUCTS_KEY = ['products'] as const;
export const SELLABLE_PRODUCTS_KEY = [...PRODUCTS_KEY, 'sellable'] as const;

export function useSellableProducts(packagingGroup: string) {
  return useQuery(
    apiQuery<Product[]>(
      [...SELLABLE_PRODUCTS_KEY, 'list', packagingGroup],
      `/products${queryString({ packagingGroup })}`,
    ),
  );
}

export function useProductPackagingGroups() {
  return useQuery(apiQuery<string[]>([...SELLABLE_PRODUCTS_KEY, 'groups'], '/products/packagingGroups'));
}
