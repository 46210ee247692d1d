import {
  CANCEL_ACTION_OF_STATUS,
  ITEM_CALL_ACTIONS,
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  type OrderAction,
  type OrderItemAction,
  type OrderItemStatus,
  orderItemMachine,
  orderMachine,
} from '@mandira/contract/order-machines';
import type { Order } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyer,
  forceStatuses,
  type OrderWorld,
  orderSnapshot,
  orderWorld,
  placedOrder,
  stockedProduct,
} from '../../../test/builders/order-test-data.ts';
import { rowsOf } from '../../db/client.ts';

/**
 * Every cell of both tables of docs/domain/orders.md through the API: an allowed step answers 200 and lands
 * where the table says; a refused one answers 409 INVALID_TRANSITION and writes nothing.
 */
let w: OrderWorld;
let admin: string;
let order: Order;
beforeAll(async () => {
  w = await orderWorld();
  admin = await w.t.adminToken();
  const { id: buyerId } = await buyer(w);
  const [cheese, butter] = [await stockedProduct(w, 600), await stockedProduct(w, 600)];
  order = await placedOrder(w, buyerId, [
    { productId: cheese, boxes: 4 },
    { productId: butter, boxes: 4 },
  ]);
});
afterAll(() => w.close());

type Call = { method: 'PUT'; url: string; payload?: object };

function itemCall(action: OrderItemAction, itemId: number): Call {
  if (action === 'CANCEL') return { method: 'PUT', url: `/orders/${order.id}/order-item/${itemId}/cancel` };
  const quantity = action === 'APPROVE_PARTIALLY' ? '&quantity=6' : '';
  return { method: 'PUT', url: `/orders/${order.id}/order-item/${itemId}?action=${action}${quantity}` };
}

async function itemStatus(itemId: number): Promise<string> {
  const [row] = await rowsOf<{ status: string }>(
    w.t.db,
    sql`select status from order_items where id = ${itemId}`,
  );
  return row!.status;
}

describe('the item table through the API', () => {
  const actions: OrderItemAction[] = [...ITEM_CALL_ACTIONS, 'CANCEL'];
  for (const orderStatus of ['IN_REVIEW', 'IN_PROGRESS'] as const) {
    it(`walks every item status × action while the order is ${orderStatus}`, async () => {
      const itemId = order.orderItems[0]!.id;
      let allowed = 0;
      for (const status of ORDER_ITEM_STATUSES) {
        for (const action of actions) {
          await forceStatuses(w, order.id, orderStatus, [status]);
          const context = {
            orderStatus,
            orderedQuantity: 24,
            quantity: 24,
            quantityInBox: 6,
            loadedQuantity: 0,
          };
          const before = await orderSnapshot(w, order.id);
          const { method, url } = itemCall(action, itemId);
          const response = await w.call(method, url, undefined, admin);
          const cell = `${orderStatus} ${status} ${action}`;
          if (orderItemMachine.allows(status, action, context)) {
            allowed += 1;
            expect(response.statusCode, `${cell}: ${response.body}`).toBe(200);
            const next = orderItemMachine.next(status, action, context);
            expect(await itemStatus(itemId), cell).toBe(next);
            expect((response.json.data as Order[]).some((one) => one.id === order.id)).toBe(true);
          } else {
            expect(response.statusCode, `${cell}: ${response.body}`).toBe(409);
            expect(response.json.error.code).toBe('INVALID_TRANSITION');
            expect(await orderSnapshot(w, order.id), cell).toEqual(before);
          }
        }
      }
      // Review steps pass in both; warehouse steps only once the order is in progress.
      expect(allowed).toBe(orderStatus === 'IN_REVIEW' ? 8 : 15);
    });
  }

  it('refuses every item step while the order waits for review or is finished', async () => {
    const itemId = order.orderItems[0]!.id;
    for (const orderStatus of ['WAITING_FOR_REVIEW', 'COMPLETED', 'CANCELED_BY_SELLER'] as const) {
      for (const status of ['WAITING_FOR_APPROVAL', 'CANCELED', 'WAITING_FOR_WAREHOUSE_OPERATION'] as const) {
        await forceStatuses(w, order.id, orderStatus, [status]);
        for (const action of ['APPROVE', 'CANCEL', 'TAKE_BACK_FROM_WAREHOUSE', 'PREPARING'] as const) {
          const response = await w.call('PUT', itemCall(action, itemId).url, undefined, admin);
          expect(response.statusCode, `${orderStatus} ${status} ${action}`).toBe(409);
        }
      }
    }
  });
});

describe('the order table through the API', () => {
  /** An order action by its call: the four of `/order-action`, the two cancels of `PUT /orders`. */
  function orderCall(action: string): { method: 'PUT'; url: string; payload?: object } {
    const status = Object.entries(CANCEL_ACTION_OF_STATUS).find(([, cancel]) => cancel === action)?.[0];
    if (status) return { method: 'PUT', url: '/orders', payload: { id: order.id, status } };
    return { method: 'PUT', url: `/order-action/${action}?id=${order.id}` };
  }

  const itemSets: OrderItemStatus[][] = [
    ['APPROVED', 'CANCELED'],
    ['WAITING_FOR_APPROVAL', 'APPROVED_PARTIALLY'],
    ['DELIVERED_TO_BUYER', 'CANCELED'],
  ];
  for (const items of itemSets) {
    it(`walks every order status × action with items ${items.join(' + ')}`, async () => {
      for (const status of ORDER_STATUSES) {
        for (const action of orderMachine.actions) {
          await forceStatuses(w, order.id, status, items);
          const context = { itemStatuses: items, loadedQuantity: 0 };
          const before = await orderSnapshot(w, order.id);
          const { method, url, payload } = orderCall(action);
          const response = await w.call(method, url, payload, w.manager);
          const cell = `${status} ${action}`;
          if (orderMachine.allows(status, action, context)) {
            expect(response.statusCode, `${cell}: ${response.body}`).toBe(200);
            const changed = (response.json.data as Order[]).find((one) => one.id === order.id)!;
            expect(changed.statusDescription.name, cell).toBe(orderMachine.next(status, action, context));
          } else if (
            action.startsWith('CANCEL_BY') &&
            status === orderMachine.next('IN_REVIEW', action as OrderAction)
          ) {
            // Asking for the status the order already has changes nothing.
            expect(response.statusCode, cell).toBe(200);
            expect(await orderSnapshot(w, order.id), cell).toEqual(before);
          } else {
            expect(response.statusCode, `${cell}: ${response.body}`).toBe(409);
            expect(response.json.error.code).toBe('INVALID_TRANSITION');
            expect(await orderSnapshot(w, order.id), cell).toEqual(before);
          }
        }
      }
    });
  }
});
