import { orderItemMachine } from '@mandira/contract/order-machines';
import { itemContextOf, type Order } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectLedgerHolds,
  forceShipmentStatus,
  type LoadWorld,
  load,
  loadWorld,
  onHand,
  orderInWarehouse,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { orderSnapshot, product } from '../../../test/builders/order-test-data.ts';
import { rowsOf } from '../../db/client.ts';

/**
 * The shipping staff's load acceptance (docs/domain/loading-and-shipments.md): accept, or report as not
 * loaded.
 */
let w: LoadWorld;
let cheese: number;
let yogurt: number;
beforeAll(async () => {
  w = await loadWorld();
  const item = await stockedItem(w, { DEPO1: 500, DEPO2: 300 });
  cheese = await product(w, [{ itemId: item, quantity: 1 }]);
  const milk = await stockedItem(
    w,
    { DEPO1: 500, DEPO4: 100 },
    { packagingUnitType: 'LITERS', packagingUnitTypeAmount: 1 },
  );
  yogurt = await product(w, [{ itemId: milk, quantity: 2 }]);
});
afterAll(() => w.close());

const statusOf = (order: Order, itemId: number) =>
  order.orderItems.find((one) => one.id === itemId)!.statusDescription.name;

/** An item loaded in full onto the shipment and finished (LOADED_TO_TRUCK_FROM_WAREHOUSE). */
async function loadedItem(
  productId: number,
  shipmentId: number,
  rows = [{ warehouse: 'DEPO1', quantity: 6 }],
) {
  const { order, itemId } = await orderInWarehouse(w, productId, 1);
  const loaded = await load(w, order, itemId, shipmentId, rows);
  expect(loaded.statusCode, loaded.body).toBe(200);
  const finished = await w.call(
    'PUT',
    `/orders/${order.id}/order-item/${itemId}/loaded-to-truck`,
    undefined,
    w.warehouse,
  );
  expect(finished.statusCode, finished.body).toBe(200);
  return { order, itemId, url: `/orders/${order.id}/order-item/${itemId}` };
}

describe('accepting a load', () => {
  it('accepts by the item path and by PUT /shipments/load, for the shipping staff only', async () => {
    const shipment = await shipmentIn(w);
    const first = await loadedItem(cheese, shipment.id);
    expect((await w.call('PUT', `${first.url}/accept-load-status`, undefined, w.warehouse)).statusCode).toBe(
      403,
    );
    const accepted = await w.call(
      'PUT',
      `${first.url}/accept-load-status?operationType=SHIPPING`,
      undefined,
      w.shipping,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const shown = (accepted.json.data as Order[]).find((one) => one.id === first.order.id)!;
    expect(statusOf(shown, first.itemId)).toBe('LOAD_STATUS_ACCEPTED');

    const second = await loadedItem(cheese, shipment.id);
    const byShipment = await w.call(
      'PUT',
      '/shipments/load',
      { orderShipmentId: shipment.id, orderItemId: second.itemId },
      w.shipping,
    );
    expect(byShipment.statusCode, byShipment.body).toBe(200);
    expect(statusOf(byShipment.json.data[0], second.itemId)).toBe('LOAD_STATUS_ACCEPTED');
    // Accepting twice is a step the table does not have.
    const again = await w.call(
      'PUT',
      '/shipments/load',
      { orderShipmentId: shipment.id, orderItemId: second.itemId },
      w.shipping,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json.error.code).toBe('INVALID_TRANSITION');
  });

  it('refuses accepting on a shipment the item is not loaded on, and an unknown item', async () => {
    const shipment = await shipmentIn(w);
    const other = await shipmentIn(w);
    const item = await loadedItem(cheese, shipment.id);
    const before = await orderSnapshot(w, item.order.id);
    const wrong = await w.call(
      'PUT',
      '/shipments/load',
      { orderShipmentId: other.id, orderItemId: item.itemId },
      w.shipping,
    );
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json.error.message).toContain(other.code);
    const unknown = await w.call(
      'PUT',
      '/shipments/load',
      { orderShipmentId: shipment.id, orderItemId: 999_999 },
      w.shipping,
    );
    expect(unknown.statusCode).toBe(404);
    const bad = await w.call(
      'PUT',
      '/shipments/load',
      { orderShipmentId: 'bir', orderItemId: item.itemId },
      w.shipping,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json.error.field).toBe('orderShipmentId');
    expect(await orderSnapshot(w, item.order.id)).toEqual(before);
  });
});

describe('reporting a load as not loaded', () => {
  it('puts the pieces back on the lines they left, deletes the loads and makes the item LOADING again', async () => {
    const shipment = await shipmentIn(w);
    const milkBefore = { d1: 0, d4: 0 };
    const { order, itemId, url } = await loadedItem(yogurt, shipment.id, [
      { warehouse: 'DEPO1', quantity: 4 },
      { warehouse: 'DEPO4', quantity: 2 },
    ]);
    const [milkItem] = await rowsOf<{ id: number }>(
      w.t.db,
      sql`select product_item_id as id from product_bundles where product_id = ${yogurt}`,
    );
    milkBefore.d1 = await onHand(w, milkItem!.id, 'DEPO1');
    milkBefore.d4 = await onHand(w, milkItem!.id, 'DEPO4');
    const accepted = await w.call('PUT', `${url}/accept-load-status`, undefined, w.shipping);
    expect(accepted.statusCode).toBe(200);

    const rejected = await w.call('PUT', `${url}/reject-load-status`, undefined, w.shipping);
    expect(rejected.statusCode, rejected.body).toBe(200);
    const item = (rejected.json.data[0] as Order).orderItems.find((one) => one.id === itemId)!;
    expect(item).toMatchObject({
      statusDescription: { name: 'LOADING' },
      quantity: 6,
      loadedQuantity: 0,
      remainingQuantity: 6,
      warehouseLoads: [],
    });
    expect(await onHand(w, milkItem!.id, 'DEPO1')).toBe(milkBefore.d1 + 8);
    expect(await onHand(w, milkItem!.id, 'DEPO4')).toBe(milkBefore.d4 + 4);
    const returns = await rowsOf<{ quantity_change: number; notes: string }>(
      w.t.db,
      sql`select quantity_change, notes from stock_history
           where order_id = ${order.id} and action = 'RETURN_INBOUND' order by id`,
    );
    expect(returns.map((row) => row.quantity_change)).toEqual([8, 4]);
    expect(returns[0]!.notes).toContain('Yüklenmedi olarak bildirildi');
    const [loads] = await rowsOf<{ n: number }>(
      w.t.db,
      sql`select count(*)::int as n from shipment_loads where order_item_id = ${itemId}`,
    );
    expect(loads!.n).toBe(0);
    await expectLedgerHolds(w);

    // Loaded again after the report, the item walks on as before.
    expect(
      (await load(w, order, itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 6 }])).statusCode,
    ).toBe(200);
    await expectLedgerHolds(w);
  });

  it('rejects a partly finished item back to its approved pieces', async () => {
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, cheese, 2);
    const url = `/orders/${order.id}/order-item/${itemId}`;
    expect(
      (await load(w, order, itemId, shipment.id, [{ warehouse: 'DEPO2', quantity: 5 }])).statusCode,
    ).toBe(200);
    expect(
      (await w.call('PUT', `${url}?action=LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY`, undefined, w.warehouse))
        .statusCode,
    ).toBe(200);
    const rejected = await w.call('PUT', `${url}/reject-load-status`, undefined, w.shipping);
    expect(rejected.statusCode, rejected.body).toBe(200);
    const answered = rejected.json.data[0] as Order;
    expect(answered.orderItems[0]).toMatchObject({ quantity: 12, loadedQuantity: 0, remainingQuantity: 12 });
    expect(answered.amountSummary.dealtTotalPriceOnTransaction).toBe(96);
    await expectLedgerHolds(w);
  });

  it('refuses once the shipment has left, and an item not loaded, writing nothing', async () => {
    const shipment = await shipmentIn(w);
    const gone = await loadedItem(cheese, shipment.id);
    expect((await w.call('PUT', `${gone.url}/accept-load-status`, undefined, w.shipping)).statusCode).toBe(
      200,
    );
    await forceShipmentStatus(w, shipment.id, 'ON_DELIVERY');
    const shown = (await w.call('GET', '/orders/filter?operationType=SHIPPING', undefined, w.shipping)).json
      .data as Order[];
    const goneItem = shown.find((one) => one.id === gone.order.id)!.orderItems[0]!;
    expect(goneItem.onDelivery).toBe(true);
    expect(
      orderItemMachine.actionsFrom(
        'LOAD_STATUS_ACCEPTED',
        itemContextOf(shown.find((one) => one.id === gone.order.id)!, goneItem),
      ),
    ).toEqual(['DELIVER']);
    const waiting = await orderInWarehouse(w, cheese, 1);
    for (const [url, orderId, reason] of [
      [gone.url, gone.order.id, 'sevkiyat yola çıktı'],
      [`/orders/${waiting.order.id}/order-item/${waiting.itemId}`, waiting.order.id, 'Araca Yükleniyor'],
    ] as const) {
      const before = {
        order: await orderSnapshot(w, orderId),
        history: await rowsOf(w.t.db, sql`select count(*)::int as n from stock_history`),
        loads: await rowsOf(w.t.db, sql`select * from shipment_loads order by id`),
      };
      const response = await w.call('PUT', `${url}/reject-load-status`, undefined, w.shipping);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json.error.code).toBe('INVALID_TRANSITION');
      expect(response.json.error.message).toContain(reason);
      expect({
        order: await orderSnapshot(w, orderId),
        history: await rowsOf(w.t.db, sql`select count(*)::int as n from stock_history`),
        loads: await rowsOf(w.t.db, sql`select * from shipment_loads order by id`),
      }).toEqual(before);
    }
    expect(
      (await w.t.call(undefined, { method: 'PUT', url: `/api${gone.url}/reject-load-status` })).statusCode,
    ).toBe(401);
    expect((await w.call('PUT', `${gone.url}/reject-load-status`, undefined, w.warehouse)).statusCode).toBe(
      403,
    );
  });
});

describe("accepting all of a shipment's loads at once (PUT /shipments/{id}/accept-loads)", () => {
  const acceptAll = (shipmentId: number, orderItemIds: unknown, token = w.shipping) =>
    w.call('PUT', `/shipments/${shipmentId}/accept-loads`, { orderItemIds }, token);

  it('accepts every listed line of the shipment in one request and answers its content', async () => {
    const shipment = await shipmentIn(w);
    const first = await loadedItem(cheese, shipment.id);
    const second = await loadedItem(yogurt, shipment.id);
    const third = await loadedItem(cheese, shipment.id);
    const response = await acceptAll(shipment.id, [third.itemId, first.itemId, second.itemId]);
    expect(response.statusCode, response.body).toBe(200);
    const lines = response.json.data.lines as { orderItemId: number; itemStatusDetail: { name: string } }[];
    expect(lines.map((line) => [line.orderItemId, line.itemStatusDetail.name])).toEqual(
      [first, second, third].map((one) => [one.itemId, 'LOAD_STATUS_ACCEPTED']),
    );
    expect(response.json.data.shipment.id).toBe(shipment.id);
    await expectLedgerHolds(w);
  });

  it('refuses the whole request (409, the line named) when one line cannot be accepted, writing nothing', async () => {
    const shipment = await shipmentIn(w);
    const first = await loadedItem(cheese, shipment.id);
    const second = await loadedItem(cheese, shipment.id);
    expect((await w.call('PUT', `${second.url}/accept-load-status`, undefined, w.shipping)).statusCode).toBe(
      200,
    );
    const before = [await orderSnapshot(w, first.order.id), await orderSnapshot(w, second.order.id)];
    const response = await acceptAll(shipment.id, [first.itemId, second.itemId]);
    expect(response.statusCode).toBe(409);
    expect(response.json.error.code).toBe('INVALID_TRANSITION');
    expect(response.json.error.message).toMatch(
      new RegExp(`^Sipariş ${second.order.orderNumber}, '.+': .+ Hiçbir yükleme kabul edilmedi\\.$`),
    );
    expect([await orderSnapshot(w, first.order.id), await orderSnapshot(w, second.order.id)]).toEqual(before);

    // A line of another shipment refuses the request too.
    const other = await shipmentIn(w);
    const elsewhere = await loadedItem(cheese, other.id);
    const foreign = await acceptAll(shipment.id, [first.itemId, elsewhere.itemId]);
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json.error.message).toContain(shipment.code);
    expect(await orderSnapshot(w, first.order.id)).toEqual(before[0]);
  });

  it('answers 400 on a bad list, 404 on an unknown item or shipment, 403 to the warehouse, 401 without a token', async () => {
    const shipment = await shipmentIn(w);
    const line = await loadedItem(cheese, shipment.id);
    const before = await orderSnapshot(w, line.order.id);
    for (const [ids, message] of [
      [[], 'Kabul edilecek en az bir kalem seçiniz.'],
      [[line.itemId, line.itemId], 'birden fazla kez'],
      [['bir'], 'Geçerli bir sipariş kalemi seçiniz.'],
      [undefined, 'zorunludur'],
    ] as const) {
      const response = await acceptAll(shipment.id, ids);
      expect(response.statusCode, JSON.stringify(ids)).toBe(400);
      expect(response.json.error.field).toMatch(/^orderItemIds/);
      expect(response.json.error.message).toContain(message);
    }
    const unknown = await acceptAll(shipment.id, [line.itemId, 999_999]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json.error.field).toBe('orderItemIds[1]');
    expect((await acceptAll(999_999, [line.itemId])).statusCode).toBe(404);
    expect((await acceptAll(shipment.id, [line.itemId], w.warehouse)).statusCode).toBe(403);
    const stranger = await w.t.call(undefined, {
      method: 'PUT',
      url: `/api/shipments/${shipment.id}/accept-loads`,
      payload: { orderItemIds: [line.itemId] },
    });
    expect(stranger.statusCode).toBe(401);
    expect(await orderSnapshot(w, line.order.id)).toEqual(before);
  });
});
