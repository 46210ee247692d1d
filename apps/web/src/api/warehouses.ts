import * as stock from '@mandira/contract/operations/stock';
import { useQuery } from '@tanstack/react-query';
import { operationQuery } from './query.ts';

/**
 * The own warehouses: listed and created on the warehouse screen, chosen as a shipment's origin.
 * Under the stock key, as a stock movement changes their occupancy.
 */
export const OWN_WAREHOUSES_KEY = ['stock', 'warehouses'] as const;

export function useWarehouses() {
  return useQuery(operationQuery(OWN_WAREHOUSES_KEY, stock.listOwnWarehouses));
}

/** The own warehouses' names: the warehouse filter's choices of the stock and lot screens (any signed-in user reads them). */
export function useWarehouseNames() {
  return useQuery(operationQuery(OWN_WAREHOUSES_KEY, stock.listOwnWarehouseNames));
}
