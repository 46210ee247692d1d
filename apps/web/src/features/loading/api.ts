import type { OperationBody } from '@mandira/contract/operation';
import * as loading from '@mandira/contract/operations/loading';
import * as orders from '@mandira/contract/operations/orders';
import type { ItemCallAction } from '@mandira/contract/order-machines';
import type { Order } from '@mandira/contract/orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { asPage } from '../../api/answer-shape.ts';
import { callApi } from '../../api/client.ts';
import { fetchEveryPage } from '../../api/every-page.ts';
import { SHIPMENTS_KEY } from '../../api/fleet.ts';
import { ORDERS_KEY, STOCK_KEY } from '../../api/orders.ts';
import { SELLABLE_PRODUCTS_KEY } from '../../api/products.ts';
import { operationQuery, useApiMutation } from '../../api/query.ts';

const WAREHOUSE_VIEW = { operationType: 'WAREHOUSE' } as const;
/** A warehouse step moves reservations; a load moves stock too. */
const MOVED = [ORDERS_KEY, SELLABLE_PRODUCTS_KEY, STOCK_KEY, SHIPMENTS_KEY] as const;
const warehousePage = (page: number, size: number) => ({ query: { ...WAREHOUSE_VIEW, page, size } });

/**
 * `listOrdersOfView` for the warehouse, one page at a time (newest first, paged in
 * SQL): the orders with items in the warehouse flow. A step refetches it (decision 109).
 */
export function useWarehouseOrders(page: number, size: number) {
  return useQuery({
    ...operationQuery(ORDERS_KEY, orders.listOrdersOfView, warehousePage(page, size)),
    select: asPage,
    placeholderData: keepPreviousData,
  });
}

/** Every order in the warehouse flow, page after page, for the Excel file. */
export function fetchAllWarehouseOrders(): Promise<Order[]> {
  return fetchEveryPage(
    (page, size) => callApi(orders.listOrdersOfView, warehousePage(page, size)),
    (answer) => {
      const { orders, totalPages } = asPage(answer);
      return { rows: orders, totalPages };
    },
  );
}

export type WarehouseStep = { orderId: number; itemId: number; action: ItemCallAction };

/** A warehouse step of an item by name (`?action=`), answered with the changed order. */
export function useWarehouseStep() {
  return useApiMutation(
    ({ orderId, itemId, action }: WarehouseStep) =>
      callApi(orders.stepOrderItem, { params: { orderId, itemId }, query: { action } }),
    { invalidates: MOVED },
  );
}

/**
 * `stepOrderItemsInWarehouse`: one step on the selected items, all of them or none (decision
 * 142), answered with the changed orders.
 */
export function useBulkWarehouseStep() {
  return useApiMutation(
    (body: OperationBody<typeof loading.stepOrderItemsInWarehouse>) =>
      callApi(loading.stepOrderItemsInWarehouse, { body }),
    { invalidates: MOVED },
  );
}

/** Pieces of the product per stock warehouse onto a shipment (docs/domain/loading-and-shipments.md). */
export type LoadStep = OperationBody<typeof loading.loadOrderItemOntoShipment> & {
  orderId: number;
  itemId: number;
};

/** `PUT …/load?action=LOAD_ITEM_TO_TRUCK`: the pieces go onto the chosen shipment, out of stock. */
export function useLoadItem() {
  return useApiMutation(
    ({ orderId, itemId, shippingId, warehouseStocks }: LoadStep) =>
      callApi(loading.loadOrderItemOntoShipment, {
        params: { orderId, itemId },
        query: { action: 'LOAD_ITEM_TO_TRUCK' },
        body: { shippingId, warehouseStocks },
      }),
    { invalidates: MOVED },
  );
}

/**
 * `GET …/warehouse-stocks`: the load form's rows, one per stock warehouse with the pieces of the item's
 * product its shelves hold. Read afresh each time the form opens: another clerk may have moved the stock.
 */
export function useItemWarehouseStocks(orderId: number, itemId: number) {
  return useQuery({
    ...operationQuery(STOCK_KEY, loading.listOrderItemWarehouseStocks, { params: { orderId, itemId } }),
    staleTime: 0,
  });
}

/**
 * `GET …/lot-plan?warehouse=&quantity=`: the lots of one warehouse first-expired-first-out would take for
 * the pieces typed (decision 152), with the lots the order may not take marked. Read afresh, as the rows.
 */
export function useLotPlan(orderId: number, itemId: number, warehouse: string, quantity: number) {
  return useQuery({
    ...operationQuery(STOCK_KEY, loading.planOrderItemLoadLots, {
      params: { orderId, itemId },
      query: { warehouse, quantity },
    }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** The trucks that may take a load now: shared with the shipment list's transfer. */
export { useLoadingShipments } from '../../api/fleet.ts';
