import type { Order } from '@mandira/contract/orders';
import { type AccountingWorld, pay } from './accounting-test-data.ts';
import { type LoadWorld, loadWorld, partlyLoadedOrder, stockedItem } from './loading-test-data.ts';
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
