import type { Order } from '@mandira/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountingWorld,
  accountingWorld,
  pay,
  transactionsOf,
} from '../../../test/builders/accounting-test-data.ts';
import { buyer, forceStatuses, placedOrder, stockedProduct } from '../../../test/builders/order-test-data.ts';

let w: AccountingWorld;
beforeAll(async () => {
  w = await accountingWorld();
});
afterAll(() => w.close());

const changed = (response: { json: { data: Order[] } }, order: Order) =>
  response.json.data.find((one) => one.id === order.id)!;
const itemCall = (order: Order, index: number, path: string) =>
  w.call('PUT', `/orders/${order.id}/order-item/${order.orderItems[index]!.id}${path}`);
const readOrder = async (order: Order): Promise<Order> => {
  const response = await w.call('POST', '/orders/filter-by-query', { orderNumbers: [order.orderNumber] });
  expect(response.statusCode).toBe(200);
  return (response.json.data as Order[]).find((one) => one.id === order.id)!;
};

/** Three products of 6 pieces a box at ₺10 list, ₺2 discount: ₺8 net a piece. Four boxes of each. */
async function placedOfThree(): Promise<{ buyerId: number; order: Order }> {
  const { id: buyerId } = await buyer(w);
  const products = [await stockedProduct(w, 600), await stockedProduct(w, 600), await stockedProduct(w, 600)];
  const order = await placedOrder(
    w,
    buyerId,
    products.map((productId) => ({ productId, boxes: 4 })),
  );
  return { buyerId, order };
}

describe('the figures of an order, one meaning each (decision 105)', () => {
  it('has no approved amount before review, and counts approved pieces only once reviewed, canceled lines at 0', async () => {
    const { order } = await placedOfThree();
    // 3 × 24 pieces × ₺8 = ₺576 ordered; nobody has reviewed yet.
    expect(order.amounts).toEqual({ ordered: 576, approved: null, delivered: 0, billed: 576 });
    expect(order.orderItems.map((item) => [item.approvedQuantity, item.approvedAmount])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    const inReview = changed(await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`), order);
    expect(inReview.amounts.approved).toBeNull();

    // Approve the first, approve 12 of the second, cancel the third.
    expect((await itemCall(order, 0, '?action=APPROVE')).statusCode).toBe(200);
    const afterOne = await readOrder(order);
    // The other two still wait: they count nothing approved yet.
    expect(afterOne.amounts.approved).toBe(192);
    expect((await itemCall(order, 1, '?action=APPROVE_PARTIALLY&quantity=12')).statusCode).toBe(200);
    const canceled = await itemCall(order, 2, '/cancel');
    expect(canceled.statusCode).toBe(200);
    const reviewed = changed(canceled, order);
    expect(reviewed.orderItems.map((item) => [item.approvedQuantity, item.approvedAmount])).toEqual([
      [24, 192],
      [12, 96],
      [0, 0],
    ]);
    // The canceled line keeps its pieces on record but no approved amount.
    expect(reviewed.orderItems[2]!.quantity).toBe(24);
    expect(reviewed.amounts).toEqual({ ordered: 576, approved: 288, delivered: 0, billed: 288 });
    expect(reviewed.amountSummary).toEqual({
      totalPriceOnTransaction: 576,
      dealtTotalPriceOnTransaction: 288,
    });
  });

  it('counts what reached the buyer as delivered, and a canceled order bills nothing', async () => {
    const { order } = await placedOfThree();
    await forceStatuses(w, order.id, 'IN_PROGRESS', ['DELIVERED_TO_BUYER', 'LOADING', 'CANCELED'], 18);
    const delivered = await readOrder(order);
    // 18 pieces delivered of the first at ₺8; the second is still loading.
    expect(delivered.amounts.delivered).toBe(144);
    expect(delivered.amounts.approved).toBe(384);

    const { order: other } = await placedOfThree();
    const cancel = await w.call('PUT', '/orders', { id: other.id, status: 'CANCELED_BY_SELLER' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const canceled = await readOrder(other);
    expect(canceled.statusDescription.name).toBe('CANCELED_BY_SELLER');
    expect(canceled.amounts.approved).toBe(0);
    expect(canceled.amounts.billed).toBe(0);
    expect(canceled.amounts.ordered).toBe(576);
  });

  it('tells on each order row of the account what is billed, what is paid and what is open', async () => {
    const { buyerId, order } = await placedOfThree();
    expect((await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`)).statusCode).toBe(200);
    expect((await itemCall(order, 0, '/cancel')).statusCode).toBe(200);
    const paid = await pay(w, { orderId: order.id, payType: 'CASH', reason: 'ORDER_PAYMENT', amount: 100 });
    expect(paid.statusCode).toBe(200);
    const rows = await transactionsOf(w, buyerId);
    const orderRow = rows.find((row) => row.reasonDetail.name === 'NEW_ORDER')!;
    // Ordered ₺576 at placing; the canceled line leaves ₺384 billed, ₺100 paid, ₺284 open.
    expect(orderRow).toMatchObject({ amount: 576, billedAmount: 384, paidAmount: 100, openAmount: 284 });
    const paymentRow = rows.find((row) => row.reasonDetail.name === 'ORDER_PAYMENT')!;
    expect(paymentRow).toMatchObject({ amount: 100, billedAmount: null, paidAmount: null, openAmount: null });
  });
});
