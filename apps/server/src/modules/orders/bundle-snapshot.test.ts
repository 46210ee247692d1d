import type { Order } from '@mandira/contract/orders';
import type { Shipment } from '@mandira/contract/shipments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectLedgerHolds,
  type LoadWorld,
  load,
  loadWorld,
  ok,
  onHand,
  orderInWarehouse,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import {
  addToBasket,
  buyer,
  figures,
  placedOrder,
  product,
  reservationDrift,
} from '../../../test/builders/order-test-data.ts';
import { dispatchNoteOf } from '../shipments/dispatch-note.ts';

/**
 * Decision 99: an order item keeps the bundle it was placed with. A later edit of the product's bundle
 * changes baskets and new orders, never what an open order promised, reserves or loads.
 */
let w: LoadWorld;
beforeAll(async () => {
  w = await loadWorld();
});
afterAll(() => w.close());

/** `PUT /products` with a new bundle, everything else as created by `product()`. */
async function changeBundle(productId: number, name: string, bundle: { itemId: number; quantity: number }[]) {
  return ok(
    await w.call(
      'PUT',
      '/products',
      {
        id: productId,
        name,
        quantityInsideBox: 6,
        price: 10,
        discount: 2,
        productBundle: bundle.map((line) => ({ productItemId: line.itemId, quantity: line.quantity })),
      },
      w.sales,
    ),
    'bundle change',
  );
}

async function orderNamed(orderId: number): Promise<Order> {
  const orders: Order[] = ok(await w.call('GET', '/orders?size=100'), 'orders').json.data.orders;
  return orders.find((one) => one.id === orderId)!;
}

/**
 * A product of one `first` a piece, ordered (2 boxes), in review, its item canceled, and then made of
 * one `next` a piece; the item's path.
 */
async function canceledThenRebundled(first: number, next: number, name: string): Promise<string> {
  const box = await product(w, [{ itemId: first, quantity: 1 }], { name });
  const order = await placedOrder(w, w.buyerId, [{ productId: box, boxes: 2 }], { buyerBranch: w.branchId });
  const item = `/orders/${order.id}/order-item/${order.orderItems[0]!.id}`;
  ok(await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${order.id}`), 'review');
  ok(await w.call('PUT', `${item}/cancel`), 'cancel');
  await changeBundle(box, name, [{ itemId: next, quantity: 1 }]);
  return item;
}

const contentOf = (order: Order) =>
  order.orderItems[0]!.productContent.map((line) => ({ id: line.productItemId, quantity: line.quantity }));

describe('a bundle edited under open orders', () => {
  it('leaves the placed order its bundle, reservations and loading; a new basket takes the new bundle', async () => {
    const cheese = await stockedItem(w, { DEPO1: 100 });
    const butter = await stockedItem(w, { DEPO1: 40 });
    const cheeseAlone = await product(w, [{ itemId: cheese, quantity: 1 }]);
    const breakfast = await product(w, [{ itemId: cheese, quantity: 2 }], { name: 'Kahvaltı Kutusu' });

    // 2 boxes × 6 pieces × 2 cheese = 24 cheese promised.
    const { order, itemId } = await orderInWarehouse(w, breakfast, 2);
    expect((await figures(w, cheeseAlone)).availableStockCount).toBe(76);

    await changeBundle(breakfast, 'Kahvaltı Kutusu', [{ itemId: butter, quantity: 3 }]);

    // The order still shows, reserves and loads two cheese a piece.
    expect(contentOf(await orderNamed(order.id))).toEqual([{ id: cheese, quantity: 2 }]);
    expect((await figures(w, cheeseAlone)).availableStockCount).toBe(76);
    const now = await figures(w, breakfast);
    expect(now.waitingInOrderStockCount).toBe(12);
    // 40 butter ÷ 3 a piece, nothing of it promised.
    expect(now.warehouseStockCount).toBe(13);
    expect(now.availableStockCount).toBe(13);
    expect(await reservationDrift(w.t.db)).toEqual([]);

    const shelves = ok(
      await w.call(
        'GET',
        `/orders/${order.id}/order-item/${itemId}/warehouse-stocks`,
        undefined,
        w.warehouse,
      ),
      'warehouse stocks',
    ).json.data;
    expect(shelves.find((one: { warehouse: string }) => one.warehouse === 'DEPO1').pieces).toBe(50);

    const truck = await shipmentIn(w);
    ok(await load(w, order, itemId, truck.id, [{ warehouse: 'DEPO1', quantity: 12 }]), 'load');
    expect(await onHand(w, cheese, 'DEPO1')).toBe(76);
    expect(await onHand(w, butter, 'DEPO1')).toBe(40);
    // The weighbridge expects 12 pieces × 2 cheese × 1,5 kg, not three packs of butter a piece.
    const shipments: Shipment[] = ok(await w.call('GET', '/shipments', undefined, w.office), 'shipments').json
      .data;
    expect(shipments.find((one) => one.id === truck.id)!.expectedWeightInTons).toBeCloseTo(0.036, 6);
    const note = await dispatchNoteOf(w.t.db, truck.id);
    expect(note.buyers[0]!.lines[0]).toMatchObject({ pieces: 12, kilograms: 36 });
    expect((await figures(w, cheeseAlone)).availableStockCount).toBe(76);
    expect(await reservationDrift(w.t.db)).toEqual([]);
    await expectLedgerHolds(w);

    // Reported as not loaded: the cheese goes back on the shelf and is promised to the order again.
    const url = `/orders/${order.id}/order-item/${itemId}`;
    ok(await w.call('PUT', `${url}/loaded-to-truck`, undefined, w.warehouse), 'finish loading');
    ok(await w.call('PUT', `${url}/reject-load-status`, undefined, w.shipping), 'reject');
    expect(await onHand(w, cheese, 'DEPO1')).toBe(100);
    expect(await onHand(w, butter, 'DEPO1')).toBe(40);
    expect((await figures(w, cheeseAlone)).availableStockCount).toBe(76);
    expect((await figures(w, breakfast)).availableStockCount).toBe(13);
    expect(await reservationDrift(w.t.db)).toEqual([]);
    await expectLedgerHolds(w);
    ok(await load(w, order, itemId, truck.id, [{ warehouse: 'DEPO1', quantity: 12 }]), 'load again');

    // A new basket line follows the product: 13 pieces of butter are free, so 2 boxes fit and 3 do not.
    expect((await addToBasket(w, w.buyerId, breakfast, 3)).statusCode).toBe(409);
    const second = await placedOrder(w, w.buyerId, [{ productId: breakfast, boxes: 2 }], {
      buyerBranch: w.branchId,
    });
    expect(contentOf(second)).toEqual([{ id: butter, quantity: 3 }]);
    expect((await figures(w, breakfast)).availableStockCount).toBe(1);
    expect((await figures(w, cheeseAlone)).availableStockCount).toBe(76);
    expect(await reservationDrift(w.t.db)).toEqual([]);
  });

  it('re-approves a canceled item on the bundle it was ordered with', async () => {
    const honey = await stockedItem(w, { DEPO1: 30 });
    const jam = await stockedItem(w, { DEPO1: 0 });
    // The product now needs jam, of which there is none; the order's honey is still on the shelf.
    const item = await canceledThenRebundled(honey, jam, 'Bal Kutusu');
    const approved = ok(await w.call('PUT', `${item}?action=APPROVE`), 'approve').json.data[0] as Order;
    expect(approved.orderItems[0]!.statusDescription.name).toBe('APPROVED');
    expect(contentOf(approved)).toEqual([{ id: honey, quantity: 1 }]);
    expect(await reservationDrift(w.t.db)).toEqual([]);
  });

  it('refuses re-approval when the bundle it was ordered with is short, whatever the product holds now', async () => {
    const walnut = await stockedItem(w, { DEPO1: 12 });
    const almond = await stockedItem(w, { DEPO1: 500 });
    const item = await canceledThenRebundled(walnut, almond, 'Kuruyemiş Kutusu');
    // Another product takes the walnuts meanwhile.
    const walnuts = await product(w, [{ itemId: walnut, quantity: 1 }], { quantityInsideBox: 6 });
    ok(await addToBasket(w, (await buyer(w)).id, walnuts, 1), 'walnut basket');

    const refused = await w.call('PUT', `${item}?action=APPROVE`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json.error.code).toBe('INSUFFICIENT_STOCK');
    expect(await reservationDrift(w.t.db)).toEqual([]);
  });
});
