import type { Basket } from '@mandira/contract/baskets';
import type { Order } from '@mandira/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  buyer,
  type OrderWorld,
  orderWorld,
  placedOrder,
  stockedProduct,
} from '../../../test/builders/order-test-data.ts';

/**
 * Decision 100: a price edit re-prices the baskets holding the product and never a placed order; the
 * product form asks `GET /products/{id}/open-usage` first to say how many of each the edit reaches.
 */
let w: OrderWorld;
beforeAll(async () => {
  w = await orderWorld();
});
afterAll(() => w.close());

const usage = (productId: number | string, token = w.sales) =>
  w.call('GET', `/products/${productId}/open-usage`, undefined, token);

async function basketOf(buyerId: number): Promise<Basket> {
  const baskets: Basket[] = (await w.call('GET', '/admin/baskets')).json.data;
  return baskets.find((one) => one.buyerId === buyerId)!;
}

describe('a price edit under open baskets and orders', () => {
  it('counts the baskets and open orders holding the product', async () => {
    const cheese = await stockedProduct(w, 500);
    const other = await stockedProduct(w, 500);
    const [first, second, third] = [await buyer(w), await buyer(w), await buyer(w)];
    await addToBasket(w, first.id, cheese, 2);
    await addToBasket(w, second.id, cheese, 1);
    await addToBasket(w, second.id, other, 1);
    await placedOrder(w, third.id, [{ productId: cheese, boxes: 3 }]);
    const canceled = await placedOrder(w, third.id, [{ productId: cheese, boxes: 1 }]);
    // An order whose item of the product is canceled no longer holds it.
    expect((await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${canceled.id}`)).statusCode).toBe(
      200,
    );
    const item = `/orders/${canceled.id}/order-item/${canceled.orderItems[0]!.id}`;
    expect((await w.call('PUT', `${item}/cancel`)).statusCode).toBe(200);

    const answer = await usage(cheese);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json.data).toEqual({
      productId: cheese,
      basketCount: 2,
      basketPieces: 18,
      orderCount: 1,
      orderPieces: 18,
    });
  });

  it('re-prices the open basket and keeps the placed order at the price it was placed with', async () => {
    const butter = await stockedProduct(w, 500, { price: 10, discount: 2, name: 'Tereyağı' });
    const [shopper, orderer] = [await buyer(w), await buyer(w)];
    await addToBasket(w, shopper.id, butter, 1);
    const order = await placedOrder(w, orderer.id, [{ productId: butter, boxes: 1 }]);
    expect(order.amountSummary.totalPriceOnTransaction).toBe(48);

    const edited = await w.call(
      'PUT',
      '/products',
      { id: butter, name: 'Tereyağı', quantityInsideBox: 6, price: 15, discount: 1 },
      w.sales,
    );
    expect(edited.statusCode, edited.body).toBe(200);

    expect((await basketOf(shopper.id)).totalPrice).toBe(84);
    const orders: Order[] = (await w.call('GET', '/orders?size=100')).json.data.orders;
    const kept = orders.find((one) => one.id === order.id)!;
    expect(kept.orderItems[0]).toMatchObject({ unitPrice: 10, discount: 2, netUnitPrice: 8 });
    expect(kept.amountSummary.totalPriceOnTransaction).toBe(48);
  });

  it('answers only the product managers, 404 for an unknown product and 400 for a bad id', async () => {
    const honey = await stockedProduct(w, 10);
    expect((await usage(honey, w.warehouse)).statusCode).toBe(403);
    expect((await usage(777777)).statusCode).toBe(404);
    const bad = await usage('abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json.error.field).toBe('id');
  });
});
