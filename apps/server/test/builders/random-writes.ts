import type { Order } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { type AccountingWorld, pay } from './accounting-test-data.ts';
import {
  type LoadWorld,
  load,
  loadWorld,
  orderInWarehouse,
  partlyLoadedOrder,
  shipmentAction,
  shipmentIn,
  stockedItem,
} from './loading-test-data.ts';
import { branchOf, buyer, placedOrder, product } from './order-test-data.ts';

/**
 * The world of the property tests that write at random through the API and then hold kept figures
 * against their sums (buyer-day-sums.test.ts, kept-figures.test.ts): two buyers with a delivery point
 * each, and one product of one well-stocked item.
 */
export type WritesWorld = LoadWorld &
  AccountingWorld & { productId: number; buyers: { buyerId: number; branchId: number }[] };

export async function writesWorld(): Promise<WritesWorld> {
  const world = await loadWorld();
  const finance = await world.t.tokenWithRoles(['FINANCE_ADMIN']);
  const item = await stockedItem(world, { DEPO1: 20_000 });
  const productId = await product(world, [{ itemId: item, quantity: 1 }]);
  const other = (await buyer(world)).id;
  return {
    ...world,
    finance,
    productId,
    buyers: [
      { buyerId: world.buyerId, branchId: world.branchId },
      { buyerId: other, branchId: await branchOf(world, other) },
    ],
  };
}

/** The order writes both tests draw from; `order` picks among the orders placed so far. */
export type OrderWrite =
  | { kind: 'place'; buyer: number; boxes: number }
  | { kind: 'pay' | 'refund'; order: number; amount: number }
  | { kind: 'cancelItem' | 'cancelOrder'; order: number }
  | { kind: 'loadPartly'; boxes: number; pieces: number };

/** The order a step names, or null before any was placed. */
export const orderOf = (one: { order: number }, orders: readonly Order[]): Order | null =>
  orders.length > 0 ? orders[one.order % orders.length]! : null;

/**
 * Runs one order write, adding what it placed to `orders`; a refusal (too much paid, a step not
 * allowed) is a step too.
 */
export async function runOrderWrite(w: WritesWorld, one: OrderWrite, orders: Order[]): Promise<void> {
  const order = 'order' in one ? orderOf(one, orders) : null;
  switch (one.kind) {
    case 'place': {
      const to = w.buyers[one.buyer]!;
      orders.push(
        await placedOrder(w, to.buyerId, [{ productId: w.productId, boxes: one.boxes }], {
          buyerBranch: to.branchId,
        }),
      );
      return;
    }
    case 'pay':
    case 'refund':
      if (order)
        await pay(w, {
          orderId: order.id,
          payType: one.kind === 'pay' ? 'CASH' : 'REFUND',
          reason: one.kind === 'pay' ? 'ORDER_PAYMENT' : 'PRODUCT_REFUND',
          amount: one.amount,
        });
      return;
    case 'cancelItem':
      if (order) {
        await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`);
        await w.call('PUT', `/orders/${order.id}/order-item/${order.orderItems[0]!.id}/cancel`);
      }
      return;
    case 'cancelOrder':
      if (order) await w.call('PUT', '/orders', { id: order.id, status: 'CANCELED_BY_BUYER' });
      return;
    case 'loadPartly':
      orders.push(await partlyLoadedOrder(w, w.productId, one.boxes, one.pieces));
      return;
  }
}

/**
 * The loading writes (kept-figures.test.ts), onto the truck being loaded: a new order's item loaded in
 * full or short of a few pieces, more of a picked item loaded, a picked item finished (in full or
 * partly), accepted or reported as not loaded, the loads moved to another truck, and the truck's trip
 * (the load check, the weighbridge, dispatch) ending delivered or back at the warehouse.
 */
export type LoadWrite =
  | { kind: 'load'; boxes: number; short: number }
  | { kind: 'loadMore' | 'finish' | 'accept' | 'reject'; pick: number }
  | { kind: 'transfer' }
  | { kind: 'trip'; deliver: boolean };

/** The truck being loaded and the items loaded onto it; none before a run's first load or after a trip. */
export type Loading = { truck: { id: number; items: { orderId: number; itemId: number }[] } | null };

/** Whether a call went through; a refusal is a step too, a server error is not. */
const went = (answer: { statusCode: number; body: string }): boolean => {
  expect(answer.statusCode, answer.body).toBeLessThan(500);
  return answer.statusCode === 200;
};

/** An order item's status, pieces and loaded pieces, as stored. */
async function itemNow(w: WritesWorld, itemId: number) {
  const [row] = await rowsOf<{ status: string; quantity: number; loaded: number }>(
    w.t.db,
    sql`select status, quantity, loaded_quantity as loaded from order_items where id = ${itemId}`,
  );
  return row!;
}

/** `PUT …/order-item/{id}/loaded-to-truck`, or the partial finish when only part is loaded. */
async function finishLoading(w: WritesWorld, item: { orderId: number; itemId: number }) {
  const { quantity, loaded } = await itemNow(w, item.itemId);
  const url = `/orders/${item.orderId}/order-item/${item.itemId}`;
  return w.call(
    'PUT',
    loaded === quantity ? `${url}/loaded-to-truck` : `${url}?action=LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY`,
    undefined,
    w.warehouse,
  );
}

/** Sends the truck off: its items finished, checked and accepted, weighed as expected, dispatched. */
async function dispatchTruck(w: WritesWorld, truck: NonNullable<Loading['truck']>): Promise<boolean> {
  for (const item of truck.items) {
    if ((await itemNow(w, item.itemId)).status === 'LOADING') went(await finishLoading(w, item));
  }
  if (!went(await w.call('PUT', `/shipments/start-load-check/${truck.id}`, undefined, w.office)))
    return false;
  const unaccepted = [];
  for (const item of truck.items) {
    if ((await itemNow(w, item.itemId)).status === 'LOADED_TO_TRUCK_FROM_WAREHOUSE')
      unaccepted.push(item.itemId);
  }
  if (unaccepted.length > 0) {
    const body = { orderItemIds: unaccepted };
    if (!went(await w.call('PUT', `/shipments/${truck.id}/accept-loads`, body, w.shipping))) return false;
  }
  if (!went(await shipmentAction(w, truck.id, 'FINISH_LOAD_CHECK'))) return false;
  if (!went(await shipmentAction(w, truck.id, 'START_WEIGHT_CHECK'))) return false;
  const [expected] = await rowsOf<{ tons: number }>(
    w.t.db,
    sql`select expected_weight_in_tons::float8 as tons from shipments where id = ${truck.id}`,
  );
  // The weighbridge weighs in whole kilograms; a load of a piece or two is too far off to leave.
  const weighed = { loadedWeightInTons: Math.max(0.001, Math.round(expected!.tons * 1000) / 1000) };
  if (!went(await shipmentAction(w, truck.id, 'COMPLETE_WEIGHT_CHECK', weighed))) return false;
  return went(await w.call('PUT', `/shipments/start-delivery/${truck.id}`, undefined, w.office));
}

/** Runs one loading write; a refusal (nothing left to load, a step not allowed) is a step too. */
export async function runLoadWrite(w: WritesWorld, one: LoadWrite, loading: Loading): Promise<void> {
  const truck = loading.truck;
  const picked =
    truck && truck.items.length > 0 && 'pick' in one ? truck.items[one.pick % truck.items.length]! : null;
  const url = picked && `/orders/${picked.orderId}/order-item/${picked.itemId}`;
  switch (one.kind) {
    case 'load': {
      loading.truck ??= { id: (await shipmentIn(w)).id, items: [] };
      const { order, itemId } = await orderInWarehouse(w, w.productId, one.boxes);
      const pieces = Math.max(1, order.orderItems[0]!.quantity - one.short);
      const loaded = await load(w, order, itemId, loading.truck.id, [
        { warehouse: 'DEPO1', quantity: pieces },
      ]);
      if (went(loaded)) loading.truck.items.push({ orderId: order.id, itemId });
      return;
    }
    case 'loadMore':
      if (picked && truck) {
        // A piece or two more; a load beyond the item's pieces is refused.
        const { quantity, loaded } = await itemNow(w, picked.itemId);
        const rest = [{ warehouse: 'DEPO1', quantity: Math.max(1, Math.min(2, quantity - loaded)) }];
        went(await load(w, { id: picked.orderId }, picked.itemId, truck.id, rest));
      }
      return;
    case 'finish':
      if (picked) went(await finishLoading(w, picked));
      return;
    case 'accept':
    case 'reject':
      if (url) went(await w.call('PUT', `${url}/${one.kind}-load-status`, undefined, w.shipping));
      return;
    case 'transfer':
      if (truck) {
        const other = (await shipmentIn(w)).id;
        if (went(await shipmentAction(w, truck.id, 'TRANSFER_TO_ANOTHER', { targetShipmentId: other }))) {
          loading.truck = { id: other, items: truck.items };
        }
      }
      return;
    case 'trip':
      if (truck) {
        // A trip refused on the way leaves its truck where it stopped; the next load takes a new one.
        loading.truck = null;
        if (!(await dispatchTruck(w, truck))) return;
        if (one.deliver)
          went(await w.call('PUT', `/shipments/complete-delivery/${truck.id}`, undefined, w.office));
        else if (went(await shipmentAction(w, truck.id, 'SET_AS_RETURNING_TO_WAREHOUSE'))) {
          went(await shipmentAction(w, truck.id, 'DO_PARKING'));
        }
      }
      return;
  }
}
