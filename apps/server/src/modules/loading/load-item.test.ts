import type { Order, OrderItem } from '@mandira/contract/orders';
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
 * Loading through the API (docs/domain/loading-and-shipments.md): the warehouse steps of an item, loading
 * from several warehouses with its stock movement and load records, and every refusal writing nothing.
 */
let w: LoadWorld;
let cheese: number;
let olives: number;
/** Cheese 2 + olives 1 per piece; 6 pieces a box. */
let breakfast: number;
beforeAll(async () => {
  w = await loadWorld();
  cheese = await stockedItem(w, { DEPO1: 400, DEPO2: 200 });
  olives = await stockedItem(
    w,
    { DEPO1: 300, DEPO2: 100 },
    { packagingUnitType: 'KILOGRAM', packagingUnitTypeAmount: 1 },
  );
  breakfast = await product(w, [
    { itemId: cheese, quantity: 2 },
    { itemId: olives, quantity: 1 },
  ]);
});
afterAll(() => w.close());

const itemOf = (order: Order, itemId: number): OrderItem =>
  order.orderItems.find((one) => one.id === itemId)!;

/** Every row a load could touch, to show that a refused call wrote nothing. */
async function everything(orderId: number) {
  return {
    order: await orderSnapshot(w, orderId),
    lines: await rowsOf(w.t.db, sql`select id, quantity from stock_lines order by id`),
    history: await rowsOf(w.t.db, sql`select count(*)::int as n from stock_history`),
    loads: await rowsOf(w.t.db, sql`select * from shipment_loads order by id`),
    loadLines: await rowsOf(w.t.db, sql`select * from shipment_load_lines order by 1, 2`),
  };
}

describe('the warehouse steps', () => {
  it('prepares, readies and starts loading by the path calls and ?action=', async () => {
    const { order, itemId } = await orderInWarehouse(w, breakfast, 1, 'PREPARED_WAITING_FOR_LOADING');
    expect(itemOf(order, itemId).statusDescription.name).toBe('PREPARED_WAITING_FOR_LOADING');
    const started = await w.call(
      'PUT',
      `/orders/${order.id}/order-item/${itemId}?action=LOADING&operationType=WAREHOUSE`,
      undefined,
      w.warehouse,
    );
    expect(started.statusCode).toBe(200);
    const listed = (started.json.data as Order[]).find((one) => one.id === order.id)!;
    expect(itemOf(listed, itemId)).toMatchObject({
      statusDescription: { name: 'LOADING', label: 'Araca Yükleniyor' },
      loadedQuantity: 0,
      remainingQuantity: 6,
      warehouseLoads: [],
    });
  });

  it('refuses a step out of order with 409 and writes nothing', async () => {
    const { order, itemId } = await orderInWarehouse(w, breakfast, 1, 'WAITING_FOR_WAREHOUSE_OPERATION');
    const before = await orderSnapshot(w, order.id);
    for (const path of ['ready-for-loading', 'loaded-to-truck', 'accept-load-status']) {
      const token = path === 'accept-load-status' ? w.shipping : w.warehouse;
      const response = await w.call(
        'PUT',
        `/orders/${order.id}/order-item/${itemId}/${path}`,
        undefined,
        token,
      );
      expect(response.statusCode, path).toBe(409);
      expect(response.json.error.code, path).toBe('INVALID_TRANSITION');
    }
    expect(await orderSnapshot(w, order.id)).toEqual(before);
  });

  it('sends back an item with nothing loaded, and refuses it once something is', async () => {
    const shipment = await shipmentIn(w);
    const first = await orderInWarehouse(w, breakfast, 1);
    const back = await w.call(
      'PUT',
      `/orders/${first.order.id}/order-item/${first.itemId}?action=SEND_BACK_FROM_WAREHOUSE`,
      undefined,
      w.warehouse,
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(itemOf(back.json.data[0], first.itemId).statusDescription.name).toBe('WAITING_FOR_APPROVAL');

    const second = await orderInWarehouse(w, breakfast, 1);
    expect(
      (await load(w, second.order, second.itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 2 }]))
        .statusCode,
    ).toBe(200);
    const before = await everything(second.order.id);
    const refused = await w.call(
      'PUT',
      `/orders/${second.order.id}/order-item/${second.itemId}?action=SEND_BACK_FROM_WAREHOUSE`,
      undefined,
      w.warehouse,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json.error.message).toContain('araca yüklenmiş ürün var');
    expect(await everything(second.order.id)).toEqual(before);
  });
});

describe('the load form', () => {
  it('shows every stock warehouse with the pieces of the product its shelves hold', async () => {
    const { order, itemId } = await orderInWarehouse(w, breakfast, 1);
    const url = `/orders/${order.id}/order-item/${itemId}/warehouse-stocks`;
    const response = await w.call('GET', url, undefined, w.warehouse);
    expect(response.statusCode, response.body).toBe(200);
    const expected = [];
    for (const [warehouseId, warehouse, label] of [
      [1, 'DEPO1', 'Depo-1'],
      [2, 'DEPO2', 'Depo-2'],
      [3, 'DEPO3', 'Depo-3'],
      [4, 'DEPO4', 'Depo-4'],
    ] as const) {
      const pieces = Math.min(
        Math.floor((await onHand(w, cheese, warehouse)) / 2),
        await onHand(w, olives, warehouse),
      );
      expected.push({ warehouseId, warehouse, warehouseLabel: label, pieces });
    }
    expect(response.json.data).toEqual(expected);
    expect(expected[0]!.pieces).toBeGreaterThan(0);
    expect((await w.call('GET', url, undefined, w.shipping)).statusCode).toBe(403);
    expect(
      (await w.call('GET', `/orders/${order.id}/order-item/999999/warehouse-stocks`, undefined, w.warehouse))
        .statusCode,
    ).toBe(404);
  });
});

describe('loading moves stock', () => {
  it('takes pieces × bundle quantity of every item from each warehouse, with the order in the history', async () => {
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, breakfast, 2);
    const before = {
      cheese1: await onHand(w, cheese, 'DEPO1'),
      cheese2: await onHand(w, cheese, 'DEPO2'),
      olives1: await onHand(w, olives, 'DEPO1'),
      olives2: await onHand(w, olives, 'DEPO2'),
    };
    const response = await load(w, order, itemId, shipment.id, [
      { warehouse: 'DEPO1', quantity: 5 },
      { warehouse: 'DEPO2', quantity: 3 },
      { warehouse: 'DEPO3', quantity: 0 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const item = itemOf(response.json.data[0], itemId);
    expect(item).toMatchObject({
      loadedQuantity: 8,
      remainingQuantity: 4,
      statusDescription: { name: 'LOADING' },
    });
    // The stock from before lots is each item's undated lot ('SKT yok').
    const undated = (pieces: [number, number]) => [
      { productItemId: cheese, code: '', expiryDate: null, pieces: pieces[0] },
      { productItemId: olives, code: '', expiryDate: null, pieces: pieces[1] },
    ];
    expect(item.warehouseLoads).toMatchObject([
      {
        warehouse: 'DEPO1',
        warehouseLabel: 'Depo-1',
        shipmentId: shipment.id,
        shipmentCode: shipment.code,
        quantity: 5,
        lots: undated([10, 5]),
      },
      {
        warehouse: 'DEPO2',
        warehouseLabel: 'Depo-2',
        shipmentId: shipment.id,
        shipmentCode: shipment.code,
        quantity: 3,
        lots: undated([6, 3]),
      },
    ]);
    expect(await onHand(w, cheese, 'DEPO1')).toBe(before.cheese1 - 10);
    expect(await onHand(w, cheese, 'DEPO2')).toBe(before.cheese2 - 6);
    expect(await onHand(w, olives, 'DEPO1')).toBe(before.olives1 - 5);
    expect(await onHand(w, olives, 'DEPO2')).toBe(before.olives2 - 3);
    const history = await rowsOf<{
      action: string;
      order_id: number;
      quantity_change: number;
      notes: string;
    }>(
      w.t.db,
      sql`select action, order_id, quantity_change, notes from stock_history where order_id = ${order.id} order by id`,
    );
    expect(history).toHaveLength(4);
    for (const row of history) {
      expect(row).toMatchObject({ action: 'SHIPMENT_OUTBOUND', order_id: order.id });
      expect(row.notes).toContain(shipment.code);
    }
    await expectLedgerHolds(w);
  });

  it('finishes loading when everything is loaded, onto the shipment it names', async () => {
    const shipment = await shipmentIn(w);
    const other = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, breakfast, 1);
    const item = `/orders/${order.id}/order-item/${itemId}`;
    expect(
      (await load(w, order, itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 4 }])).statusCode,
    ).toBe(200);
    const early = await w.call('PUT', `${item}/loaded-to-truck`, undefined, w.warehouse);
    expect(early.statusCode).toBe(409);
    expect(early.json.error.message).toContain('kalemin tamamı yüklenmedi');
    expect(
      (await load(w, order, itemId, shipment.id, [{ warehouse: 'DEPO2', quantity: 2 }])).statusCode,
    ).toBe(200);
    const elsewhere = await w.call('PUT', `${item}/loaded-to-truck/${other.id}`, undefined, w.warehouse);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json.error.message).toContain(other.code);
    const done = await w.call('PUT', `${item}/loaded-to-truck/${shipment.id}`, undefined, w.warehouse);
    expect(done.statusCode, done.body).toBe(200);
    expect(itemOf(done.json.data[0], itemId)).toMatchObject({
      statusDescription: { name: 'LOADED_TO_TRUCK_FROM_WAREHOUSE' },
      loadedQuantity: 6,
      remainingQuantity: 0,
    });
  });

  it('finishes a partly loaded item: the rest is released and the dealt total counts what was loaded', async () => {
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, breakfast, 3);
    const item = `/orders/${order.id}/order-item/${itemId}`;
    const beforeFigures = (await w.call('GET', `/products/${breakfast}/stocks`)).json.data;
    expect(
      (await load(w, order, itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 12 }])).statusCode,
    ).toBe(200);
    const finished = await w.call(
      'PUT',
      `${item}?action=LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY`,
      undefined,
      w.warehouse,
    );
    expect(finished.statusCode, finished.body).toBe(200);
    const answered = finished.json.data[0] as Order;
    // 18 approved, 12 loaded at 8 TL net a piece.
    expect(itemOf(answered, itemId)).toMatchObject({
      statusDescription: { name: 'LOADED_TO_TRUCK_FROM_WAREHOUSE' },
      quantity: 18,
      loadedQuantity: 12,
      remainingQuantity: 0,
    });
    expect(answered.amountSummary).toEqual({
      totalPriceOnTransaction: 144,
      dealtTotalPriceOnTransaction: 96,
    });
    // The 12 loaded left the shelf and the 6 not loaded are free again: availability is back where it was
    // before the order held 18, less the 12 that left.
    const afterFigures = (await w.call('GET', `/products/${breakfast}/stocks`)).json.data;
    expect(afterFigures.availableStockCount).toBe(beforeFigures.availableStockCount + 18 - 12);
  });
});

describe('refused loads write nothing', () => {
  it('refuses more than remains, a shipment not LOADING, a short line, an unknown warehouse or shipment', async () => {
    const shipment = await shipmentIn(w);
    const parked = await shipmentIn(w, 'PREPARING_TO_LOAD');
    const { order, itemId } = await orderInWarehouse(w, breakfast, 1);
    const before = await everything(order.id);
    const cases: [string, Awaited<ReturnType<typeof load>>, number, RegExp][] = [
      [
        'more than remains',
        await load(w, order, itemId, shipment.id, [
          { warehouse: 'DEPO1', quantity: 4 },
          { warehouse: 'DEPO2', quantity: 3 },
        ]),
        409,
        /7 adet.*6 adet/,
      ],
      [
        'shipment not loading',
        await load(w, order, itemId, parked.id, [{ warehouse: 'DEPO1', quantity: 1 }]),
        409,
        /Yüklemeye Hazırlanıyor/,
      ],
      [
        'unknown warehouse',
        await load(w, order, itemId, shipment.id, [{ warehouse: 'DEPO9', quantity: 1 }]),
        404,
        /DEPO9/,
      ],
      [
        'unknown shipment',
        await load(w, order, itemId, 999_999, [{ warehouse: 'DEPO1', quantity: 1 }]),
        404,
        /Sevkiyat/,
      ],
    ];
    for (const [what, response, status, message] of cases) {
      expect(response.statusCode, `${what}: ${response.body}`).toBe(status);
      expect(response.json.error.message, what).toMatch(message);
    }
    expect(await everything(order.id)).toEqual(before);
  });

  it('names product, warehouse, on hand and requested when a line is short', async () => {
    const scarce = await stockedItem(w, { DEPO1: 50, DEPO3: 3 });
    const scarceProduct = await product(w, [{ itemId: scarce, quantity: 1 }]);
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, scarceProduct, 1);
    const before = await everything(order.id);
    const response = await load(w, order, itemId, shipment.id, [
      { warehouse: 'DEPO1', quantity: 2 },
      { warehouse: 'DEPO3', quantity: 4 },
    ]);
    expect(response.statusCode).toBe(409);
    expect(response.json.error.code).toBe('INSUFFICIENT_STOCK');
    expect(response.json.error.message).toMatch(
      /'Beyaz Peynir \d+' ürünü için Depo-3 deposunda yeterli stok yok \(eldeki: 3, istenen: 4\)/,
    );
    expect(await everything(order.id)).toEqual(before);
  });

  it('refuses loading an item that is not LOADING, and an order not in progress', async () => {
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, breakfast, 1, 'PREPARING');
    const before = await everything(order.id);
    const response = await load(w, order, itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 1 }]);
    expect(response.statusCode).toBe(409);
    expect(response.json.error.code).toBe('INVALID_TRANSITION');
    expect(await everything(order.id)).toEqual(before);
  });

  it('answers 400 on bad bodies, 401 without a token and 403 for other roles', async () => {
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, breakfast, 1);
    const before = await everything(order.id);
    const url = `/orders/${order.id}/order-item/${itemId}/load?action=LOAD_ITEM_TO_TRUCK`;
    const bad: [object, string | undefined][] = [
      [
        { shippingId: shipment.id, warehouseStocks: [{ warehouse: 'DEPO1', quantity: 0 }] },
        'warehouseStocks',
      ],
      [
        { shippingId: shipment.id, warehouseStocks: [{ warehouse: 'DEPO1', quantity: -1 }] },
        'warehouseStocks[0].quantity',
      ],
      [
        { shippingId: shipment.id, warehouseStocks: [{ warehouse: 'Merkez', quantity: 1 }] },
        'warehouseStocks[0].warehouse',
      ],
      [
        {
          shippingId: shipment.id,
          warehouseStocks: [
            { warehouse: 'DEPO1', quantity: 1 },
            { warehouse: 'depo1', quantity: 1 },
          ],
        },
        'warehouseStocks[1].warehouse',
      ],
      [{ warehouseStocks: [{ warehouse: 'DEPO1', quantity: 1 }] }, 'shippingId'],
    ];
    for (const [payload, field] of bad) {
      const response = await w.call('PUT', url, payload, w.warehouse);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json.error.field, JSON.stringify(payload)).toBe(field);
    }
    const wrongAction = await w.call(
      'PUT',
      url.replace('LOAD_ITEM_TO_TRUCK', 'LOADING'),
      { shippingId: shipment.id, warehouseStocks: [{ warehouse: 'DEPO1', quantity: 1 }] },
      w.warehouse,
    );
    expect(wrongAction.statusCode).toBe(400);
    const payload = { shippingId: shipment.id, warehouseStocks: [{ warehouse: 'DEPO1', quantity: 1 }] };
    expect((await w.t.call(undefined, { method: 'PUT', url: `/api${url}`, payload })).statusCode).toBe(401);
    for (const token of [w.manager, w.shipping, w.office]) {
      expect((await w.call('PUT', url, payload, token)).statusCode).toBe(403);
    }
    expect(
      (await w.call('PUT', `/orders/${order.id}/order-item/${itemId}/prepare`, undefined, w.shipping))
        .statusCode,
    ).toBe(403);
    expect(await everything(order.id)).toEqual(before);
  });
});

it('keeps the ledger after every load of this file', async () => {
  await forceShipmentStatus(w, (await shipmentIn(w)).id, 'LOADING');
  await expectLedgerHolds(w);
});
