import type { LoadItemBody, WarehouseStockFigure } from '@mandira/contract/loading';
import type { ItemCallAction } from '@mandira/contract/order-machines';
import type { Order } from '@mandira/contract/orders';
import { useQuery } from '@tanstack/react-query';
import { put, queryString } from '../../api/client.ts';
import { SHIPMENTS_KEY } from '../../api/fleet.ts';
import { ORDERS_KEY, STOCK_KEY } from '../../api/orders.ts';
import { SELLABLE_PRODUCTS_KEY } from '../../api/products.ts';
import { apiQuery, useApiMutation } from '../../api/query.ts';

const WAREHOUSE_VIEW = { operationType: 'WAREHOUSE' } as const;
/** A warehouse step moves reservations; a load moves stock too. */
const MOVED = [ORDERS_KEY, SELLABLE_PRODUCTS_KEY, STOCK_KEY, SHIPMENTS_KEY] as const;

/** Spec §7 `GET /orders/filter?operationType=WAREHOUSE`: the orders with items in the warehouse flow. */
export function useWarehouseOrders() {
  return useQuery(
    apiQuery<Order[]>([...ORDERS_KEY, 'warehouse'], `/orders/filter${queryString(WAREHOUSE_VIEW)}`),
  );
}

export type WarehouseStep = { orderId: number; itemId: number; action: ItemCallAction };

/** A warehouse step of an item by name (spec §7 `?action=`), answered with the warehouse's orders. */
export function useWarehouseStep() {
  return useApiMutation(
    ({ orderId, itemId, action }: WarehouseStep) =>
      put<Order[]>(`/orders/${orderId}/order-item/${itemId}${queryString({ action, ...WAREHOUSE_VIEW })}`),
    { invalidates: MOVED },
  );
}

/** Pieces of the product per stock warehouse onto a shipment (spec §7, DESIGN §7.4). */
export type LoadStep = LoadItemBody & { orderId: number; itemId: number };

/** `PUT …/load?action=LOAD_ITEM_TO_TRUCK`: the pieces go onto the chosen shipment, out of stock. */
export function useLoadItem() {
  return useApiMutation(
    ({ orderId, itemId, shippingId, warehouseStocks }: LoadStep) =>
      put<Order[]>(
        `/orders/${orderId}/order-item/${itemId}/load${queryString({ action: 'LOAD_ITEM_TO_TRUCK', ...WAREHOUSE_VIEW })}`,
        { shippingId, warehouseStocks },
      ),
    { invalidates: MOVED },
  );
}

/**
 * `GET …/warehouse-stocks`: the load form's rows, one per stock warehouse with the pieces of the item's
 * product its shelves hold. Read afresh each time the form opens: another clerk may have moved the stock.
 */
export function useItemWarehouseStocks(orderId: number, itemId: number) {
  return useQuery({
    ...apiQuery<WarehouseStockFigure[]>(
      [...STOCK_KEY, 'load-form', itemId],
      `/orders/${orderId}/order-item/${itemId}/warehouse-stocks`,
    ),
    staleTime: 0,
  });
}

/** The trucks that may take a load now: shared with the shipment list's transfer. */
export { useLoadingShipments } from '../../api/fleet.ts';
