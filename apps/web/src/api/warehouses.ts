import type { Warehouse } from '@mandira/contract/stock';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from './query.ts';

/**
 * The own warehouses: listed and created on the warehouse screen, chosen as a shipment's origin.
 * Under the stock key, as a stock movement changes their occupancy.
 */
export const OWN_WAREHOUSES_KEY = ['stock', 'warehouses'] as const;

export function useWarehouses() {
  return useQuery(apiQuery<Warehouse[]>([...OWN_WAREHOUSES_KEY, 'list'], '/warehouses'));
}
