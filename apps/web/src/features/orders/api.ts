import { type Basket, MAX_BASKET_PAGE_SIZE } from '@mandira/contract/baskets';
import type { OperationBody, OperationInput } from '@mandira/contract/operation';
import * as baskets from '@mandira/contract/operations/baskets';
import * as orders from '@mandira/contract/operations/orders';
import * as planning from '@mandira/contract/operations/vehicle-planning';
import type { OrderItemAction } from '@mandira/contract/order-machines';
import type { OrderQuery } from '@mandira/contract/order-query';
import type { Order } from '@mandira/contract/orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACCOUNTING_KEY } from '../../api/accounting.ts';
import { asPage, asRows } from '../../api/answer-shape.ts';
import { type BoundedRows, fetchBounded } from '../../api/bounded.ts';
import { callApi } from '../../api/client.ts';
import { fetchEveryPage } from '../../api/every-page.ts';
import { FLEET_KEY } from '../../api/fleet.ts';
import { ORDERS_KEY } from '../../api/orders.ts';
import { SELLABLE_PRODUCTS_KEY } from '../../api/products.ts';
import { operationQuery, useApiMutation } from '../../api/query.ts';
import { BASKETS_KEY } from '../../api/query-keys.ts';

// Baskets and orders hold reservations, so every write here also moves the order screen's figures;
// an order's total (placed, reviewed, canceled) is also what its buyer owes.
const BASKETS = BASKETS_KEY;
const ORDERS = ORDERS_KEY;
const RESERVATIONS = [BASKETS, ORDERS, SELLABLE_PRODUCTS_KEY, ACCOUNTING_KEY] as const;

/** Baskets per page of the baskets screen. */
export const BASKET_PAGE_SIZE = 10;

const basketPage = (q: string, page: number, size: number, buyerId?: number) => ({
  query: { q, buyerId, page, size },
});

/**
 * One page of the filled baskets whose buyer matches the search, by buyer title (decision 116); with
 * `buyerId`, that buyer's basket alone.
 */
export function useBasketPage(q: string, page: number, buyerId?: number) {
  return useQuery({
    ...operationQuery(BASKETS, baskets.listBaskets, basketPage(q, page, BASKET_PAGE_SIZE, buyerId)),
    select: asPage,
    placeholderData: keepPreviousData,
  });
}

/** Every filled basket whose buyer matches the search (or the one buyer's), page by page, for Excel. */
export function fetchAllBaskets(q: string, buyerId?: number): Promise<Basket[]> {
  return fetchEveryPage(
    (page) => callApi(baskets.listBaskets, basketPage(q, page, MAX_BASKET_PAGE_SIZE, buyerId)),
    (answer) => {
      const page = asPage(answer);
      return { rows: page.baskets, totalPages: page.totalPages };
    },
  );
}

/** The buyer's basket, or null while it holds nothing: one basket read, not the whole list. */
export function useBuyerBasket(buyerId: number) {
  return useQuery({
    ...operationQuery(BASKETS, baskets.listBaskets, { query: { buyerId, page: 1, size: 1 } }),
    select: (answer) => asPage(answer).baskets[0] ?? null,
  });
}

export function useAddToBasket() {
  return useApiMutation(
    (body: OperationBody<typeof baskets.addToBasket>) => callApi(baskets.addToBasket, { body }),
    {
      invalidates: RESERVATIONS,
    },
  );
}

export function useDeleteBasketLine() {
  return useApiMutation(
    ({ itemId, buyerId }: { itemId: number; buyerId: number }) =>
      callApi(baskets.deleteBasketLine, { params: { itemId }, body: { buyerId } }),
    { invalidates: RESERVATIONS },
  );
}

export function useCancelBasket() {
  return useApiMutation((buyerId: number) => callApi(baskets.emptyBasket, { body: { buyerId } }), {
    invalidates: RESERVATIONS,
  });
}

export function usePlaceOrder() {
  return useApiMutation(
    (body: OperationBody<typeof baskets.placeBasketOrder>) => callApi(baskets.placeBasketOrder, { body }),
    {
      invalidates: RESERVATIONS,
    },
  );
}

/** One page of the order search, newest first (the server filters and pages in SQL). */
export function useOrderSearch(query: OrderQuery) {
  return useQuery({
    ...operationQuery(ORDERS, orders.searchOrders, { body: query }),
    select: asPage,
    placeholderData: keepPreviousData,
  });
}

/** The orders the query matches, for the Excel file: the newest ORDER_UNPAGED_LIMIT, and how many matched. */
export function fetchAllOrders(query: OrderQuery): Promise<BoundedRows<Order>> {
  const { page: _page, size: _size, ...filters } = query;
  return fetchBounded(async ({ onHeaders }) => {
    const answer = await callApi(orders.searchOrders, { body: filters }, { onHeaders });
    return answer.success ? { success: true, data: asRows(answer.data) } : answer;
  });
}

export type ItemStep = {
  orderId: number;
  itemId: number;
  action: Extract<OrderItemAction, 'APPROVE' | 'APPROVE_PARTIALLY' | 'CANCEL' | 'TAKE_BACK_FROM_WAREHOUSE'>;
  /** Pieces, for a partial approval. */
  quantity?: number;
};

/** The review steps of an item: cancel has its own path, the others go by name. */
export function useItemStep() {
  return useApiMutation(
    ({ orderId, itemId, action, quantity }: ItemStep) => {
      const params = { orderId, itemId };
      return action === 'CANCEL'
        ? callApi(orders.cancelOrderItem, { params })
        : callApi(orders.stepOrderItem, { params, query: { action, quantity } });
    },
    { invalidates: RESERVATIONS },
  );
}

/** An order step by name (`stepOrder`). */
export type OrderActionStep = OperationInput<typeof orders.stepOrder>['params'] & { orderId: number };

export function useOrderAction() {
  return useApiMutation(
    ({ orderId, action }: OrderActionStep) =>
      callApi(orders.stepOrder, { params: { action }, query: { id: orderId } }),
    { invalidates: RESERVATIONS },
  );
}

/** `updateOrder`: the header of an order, or ending it as canceled by the seller or the buyer. */
export function useUpdateOrder() {
  return useApiMutation(
    (body: OperationBody<typeof orders.updateOrder>) => callApi(orders.updateOrder, { body }),
    { invalidates: RESERVATIONS },
  );
}

export type VehiclePlan = OperationBody<typeof planning.planOrderVehicle> & {
  orderId: number;
  itemId?: number;
};

/**
 * Vehicle planning (docs/domain/orders.md): the whole order's open items, or one item. The vehicles' planned
 * palettes move with it, so the fleet lists reload too.
 */
export function usePlanVehicle() {
  return useApiMutation(
    ({ orderId, itemId, vehicleId }: VehiclePlan) =>
      itemId === undefined
        ? callApi(planning.planOrderVehicle, { params: { orderId }, body: { vehicleId } })
        : callApi(planning.planOrderItemVehicle, { params: { orderId, itemId }, body: { vehicleId } }),
    { invalidates: [ORDERS, FLEET_KEY] },
  );
}

export function useEstimatePalettes() {
  return useApiMutation(
    ({ orderId, count }: OperationBody<typeof planning.estimateOrderPaletteCount> & { orderId: number }) =>
      callApi(planning.estimateOrderPaletteCount, { params: { orderId }, body: { count } }),
    { invalidates: [ORDERS, FLEET_KEY] },
  );
}
