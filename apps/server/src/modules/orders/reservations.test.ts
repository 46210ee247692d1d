import { istanbulDate } from '@mandira/contract/istanbul-time';
import type { Order } from '@mandira/contract/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addToBasket,
  buyer,
  figures,
  forceStatuses,
  itemWithStock,
  type OrderWorld,
  orderWorld,
  product,
  reservationDrift,
} from '../../../test/builders/order-test-data.ts';

let w: OrderWorld;
beforeAll(async () => {
  w = await orderWorld();
});
afterAll(() => w.close());

/** Runs one write, expects its status, then the kept counters must equal the sums (decision 65). */
async function step(what: string, write: () => Promise<{ statusCode: number; body: string }>, status = 200) {
  const response = await write();
  expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
  expect(await reservationDrift(w.t.db), what).toEqual([]);
  return response as Awaited<ReturnType<OrderWorld['call']>>;
}

const changed = (response: { json: { data: Order[] } }, id: number) =>
  response.json.data.find((one) => one.id === id)!;

describe('reservation counters', () => {
  it('equal the sums after every write that reserves or releases pieces', async () => {
    // Two products sharing an item, and one of its own; 6 pieces a box.
    const shared = await itemWithStock(w, 600);
    const own = await itemWithStock(w, 600);
    const single = await product(w, [{ itemId: shared, quantity: 1 }]);
    const double = await product(w, [
      { itemId: shared, quantity: 2 },
      { itemId: own, quantity: 1 },
    ]);
    const other = await product(w, [{ itemId: await itemWithStock(w, 600), quantity: 1 }]);
    const { id: buyerId } = await buyer(w);
    const { id: secondBuyer } = await buyer(w);

    // Baskets: add, raise, set up and down, refuse, delete a line, cancel.
    await step('add', () => addToBasket(w, buyerId, single, 3));
    await step('raise', () => addToBasket(w, buyerId, single, 2));
    await step('add a second product', () => addToBasket(w, buyerId, double, 4));
    await step('set more boxes', () =>
      w.call('PUT', '/admin/baskets', { buyerId, productId: double, boxQuantity: 6 }),
    );
    await step('set fewer boxes', () =>
      w.call('PUT', '/admin/baskets', { buyerId, productId: single, boxQuantity: 1 }),
    );
    await step('refused add', () => addToBasket(w, buyerId, double, 1000), 409);
    const other1 = await step('add to another basket', () => addToBasket(w, secondBuyer, other, 2));
    const line = other1.json.data.basketItems[0].id as number;
    await step('add again to it', () => addToBasket(w, secondBuyer, single, 1));
    await step('delete a line', () =>
      w.call('POST', `/admin/baskets/${line}/delete`, { buyerId: secondBuyer }),
    );
    await step('cancel a basket', () => w.call('POST', '/admin/baskets/cancel', { buyerId: secondBuyer }));
    expect(await figures(w, single)).toMatchObject({
      waitingInBasketStockCount: 6,
      waitingInOrderStockCount: 0,
    });

    // Placing: the basket's pieces pass to the order.
    await step('add another product', () => addToBasket(w, buyerId, other, 5));
    const placed = await step('place', () =>
      w.call('POST', '/admin/baskets/apply-to-order', {
        buyerId,
        plannedShipmentDate: istanbulDate(new Date()),
      }),
    );
    const order = placed.json.data as Order;
    const [singleItem, doubleItem, otherItem] = order.orderItems.map((item) => item.id);
    expect(await figures(w, double)).toMatchObject({
      waitingInBasketStockCount: 0,
      waitingInOrderStockCount: 36,
    });
    const item = (id: number | undefined, action: string, token = w.manager) =>
      w.call('PUT', `/orders/${order.id}/order-item/${id}?action=${action}`, undefined, token);
    const cancelItem = (id: number | undefined) =>
      w.call('PUT', `/orders/${order.id}/order-item/${id}/cancel`);

    // Review: partly approve, cancel, approve again from CANCELED (re-reserves), restore the ordered pieces.
    await step('forward to review', () => w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`));
    await step('approve partially', () => item(doubleItem, 'APPROVE_PARTIALLY&quantity=12'));
    await step('cancel the partly approved item', () => cancelItem(doubleItem));
    await step('approve a canceled item', () => item(doubleItem, 'APPROVE'));
    await step('cancel an item waiting for approval', () => cancelItem(singleItem));
    await step('approve it again', () => item(singleItem, 'APPROVE'));
    await step(
      'refused re-approval beyond stock',
      async () => {
        await addToBasket(w, secondBuyer, double, 40);
        const cancelled = await cancelItem(otherItem);
        expect(cancelled.statusCode).toBe(200);
        await addToBasket(w, secondBuyer, other, 99);
        return item(otherItem, 'APPROVE');
      },
      409,
    );
    await step('approve partly within stock', () => item(otherItem, 'APPROVE_PARTIALLY&quantity=6'));

    // Warehouse: forward, take back, forward again, through to loading; finishing a partly loaded
    // item releases the rest.
    await step('forward approved items', () =>
      w.call('PUT', `/order-action/FORWARD_APPROVES_TO_WAREHOUSE_OPERATION?id=${order.id}`),
    );
    await step('take back', () => item(doubleItem, 'TAKE_BACK_FROM_WAREHOUSE'));
    await step('approve taken back', () => item(doubleItem, 'APPROVE'));
    await step('forward again', () =>
      w.call('PUT', `/order-action/FORWARD_APPROVES_TO_WAREHOUSE_OPERATION?id=${order.id}`),
    );
    await forceStatuses(w, order.id, 'IN_PROGRESS', ['LOADING', 'LOADING', 'LOADING'], 6);
    expect(await reservationDrift(w.t.db)).toEqual([]);
    await step('finish loading partly', () =>
      item(doubleItem, 'LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY', w.warehouse),
    );
    await step('send back with nothing loaded', async () => {
      await forceStatuses(w, order.id, 'IN_PROGRESS', [
        'LOADING',
        'LOADED_TO_TRUCK_FROM_WAREHOUSE',
        'LOADING',
      ]);
      return item(otherItem, 'SEND_BACK_FROM_WAREHOUSE', w.warehouse);
    });

    // Cancelling orders releases every open item.
    const { id: thirdBuyer } = await buyer(w);
    await addToBasket(w, thirdBuyer, single, 2);
    await addToBasket(w, thirdBuyer, double, 1);
    const second = (
      await w.call('POST', '/admin/baskets/apply-to-order', {
        buyerId: thirdBuyer,
        plannedShipmentDate: istanbulDate(new Date()),
      })
    ).json.data as Order;
    await step('forward the second order', () =>
      w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${second.id}`),
    );
    await step('cancel one of its items', () =>
      w.call('PUT', `/orders/${second.id}/order-item/${second.orderItems[0]!.id}/cancel`),
    );
    const canceled = await step('cancel the order by the seller', () =>
      w.call('PUT', '/orders', { id: second.id, status: 'CANCELED_BY_SELLER' }),
    );
    expect(changed(canceled, second.id).statusDescription.name).toBe('CANCELED_BY_SELLER');
    await step('cancel the first by the buyer', async () => {
      await forceStatuses(w, order.id, 'IN_REVIEW', ['APPROVED', 'CANCELED', 'WAITING_FOR_APPROVAL']);
      return w.call('PUT', '/orders', { id: order.id, status: 'CANCELED_BY_BUYER' });
    });
    expect(await figures(w, double)).toMatchObject({
      waitingInOrderStockCount: 0,
      waitingInBasketStockCount: 6 * 40,
    });
  });
});

describe('the order screen on a shared item (decision 143)', () => {
  it("names how many other products share a product's item, so the screen can say why the columns do not add up", async () => {
    const shared = await itemWithStock(w, 600);
    const cream = await product(w, [{ itemId: shared, quantity: 1 }]);
    const pair = await product(w, [{ itemId: shared, quantity: 2 }]);
    const alone = await product(w, [{ itemId: await itemWithStock(w, 600), quantity: 1 }]);
    const { id: buyerId } = await buyer(w);
    // 4 boxes of 6 pairs: 48 pieces of the shared item, taken from the cream's 600 as well.
    await addToBasket(w, buyerId, pair, 4);
    const creamFigures = await figures(w, cream);
    expect(creamFigures).toMatchObject({
      warehouseStockCount: 600,
      waitingInBasketStockCount: 0,
      waitingInOrderStockCount: 0,
      availableStockCount: 552,
      sharingProductCount: 1,
    });
    // Depoda − Sepette − Siparişte is 600, available 552: the 48 the pair holds.
    expect(await figures(w, pair)).toMatchObject({
      warehouseStockCount: 300,
      waitingInBasketStockCount: 24,
      availableStockCount: 276,
      sharingProductCount: 1,
    });
    expect(await figures(w, alone)).toMatchObject({ availableStockCount: 600, sharingProductCount: 0 });
  });
});
