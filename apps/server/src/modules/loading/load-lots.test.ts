import { addDays } from '@mandira/contract/istanbul-time';
import type { LotPlan } from '@mandira/contract/load-lots';
import { todayInIstanbul } from '@mandira/contract/lots';
import type { Order, OrderItem } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectLedgerHolds,
  type LoadWorld,
  lineOf,
  loadWorld,
  orderInWarehouse,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { product } from '../../../test/builders/order-test-data.ts';
import { rowsOf } from '../../db/client.ts';
import { applyStockChanges } from '../stock/stock-movement.service.ts';

/**
 * Lots at loading (docs/domain/loading-and-shipments.md, "Lots at loading"; decision 152): FEFO among the
 * lots the order may take, lots chosen by the clerk, expired lots and lots too short for the buyer never
 * loaded, a rejected load back on the lots it left, and the lots each load took in the order's answer.
 */
let w: LoadWorld;
let ayran: number;
let ayranProduct: number;
let soon: number; // expires in 5 days, 10 pieces
let later: number; // expires in 20 days, 30 pieces
let expired: number; // expired yesterday, 10 pieces (returned goods)
let otherItemLot: number;
/** Kefir: 10 expired pieces and 2 fit ones. */
let kefirProduct: number;
let kefirName: string;
let kefirOld: number;
const today = todayInIstanbul();
const shown = (day: string) => day.split('-').reverse().join('.');
const SYSTEM = { userId: 0, userName: 'test', roles: [], privileges: new Set<never>(), isSuperAdmin: true };

async function lotOf(itemId: number, code: string, expiryDate: string): Promise<number> {
  const [row] = await rowsOf<{ id: number }>(
    w.t.db,
    sql`insert into lots (product_item_id, code, expiry_date) values (${itemId}, ${code}, ${expiryDate}) returning id`,
  );
  return row!.id;
}

async function receive(itemId: number, lotId: number, quantity: number, action = 'PRODUCTION_INBOUND') {
  await applyStockChanges(
    w.t.db,
    [
      {
        stockLineId: await lineOf(w, itemId, 'DEPO1'),
        kind: 'add',
        quantity,
        action: action as 'PRODUCTION_INBOUND',
        notes: 'Test girişi',
        lotId,
      },
    ],
    { actor: SYSTEM },
  );
}

beforeAll(async () => {
  w = await loadWorld();
  ayran = await stockedItem(w, {});
  ayranProduct = await product(w, [{ itemId: ayran, quantity: 1 }]);
  later = await lotOf(ayran, 'L-20', addDays(today, 20));
  soon = await lotOf(ayran, 'L-05', addDays(today, 5));
  expired = await lotOf(ayran, 'L-OLD', addDays(today, -1));
  await receive(ayran, later, 30);
  await receive(ayran, soon, 10);
  await receive(ayran, expired, 10, 'RETURN_INBOUND');
  const kefir = await stockedItem(w, {});
  kefirProduct = await product(w, [{ itemId: kefir, quantity: 1 }]);
  const [named] = await rowsOf<{ name: string }>(
    w.t.db,
    sql`select name from product_items where id = ${kefir}`,
  );
  kefirName = named!.name;
  // Dated on when the test's order is placed: availability may not count expired stock.
  kefirOld = await lotOf(kefir, 'K-OLD', addDays(today, 30));
  await receive(kefir, kefirOld, 10);
  await receive(kefir, await lotOf(kefir, 'K-NEW', addDays(today, 9)), 2);
  const other = await stockedItem(w, {});
  otherItemLot = await lotOf(other, 'O-1', addDays(today, 30));
});
afterAll(() => w.close());

const itemOf = (order: Order, itemId: number): OrderItem =>
  order.orderItems.find((one) => one.id === itemId)!;

/** Pieces of each lot of ayran on hand in Depo-1, by lot id. */
async function lotsOnHand(): Promise<Record<number, number>> {
  const rows = await rowsOf<{ lot_id: number; quantity: number }>(
    w.t.db,
    sql`select lot_id, quantity from lot_stocks where product_item_id = ${ayran} order by lot_id`,
  );
  return Object.fromEntries(rows.map((row) => [row.lot_id, row.quantity]));
}

/** Every row a load could touch, to show a refused call wrote nothing. */
async function everything() {
  return {
    lots: await lotsOnHand(),
    history: await rowsOf(w.t.db, sql`select count(*)::int as n from stock_history`),
    loads: await rowsOf(w.t.db, sql`select * from shipment_loads order by id`),
    items: await rowsOf(w.t.db, sql`select id, loaded_quantity from order_items order by id`),
  };
}

function loadRows(
  order: { id: number },
  itemId: number,
  shippingId: number,
  warehouseStocks: { warehouse: string; quantity: number; lots?: { lotId: number; quantity: number }[] }[],
) {
  return w.call(
    'PUT',
    `/orders/${order.id}/order-item/${itemId}/load?action=LOAD_ITEM_TO_TRUCK`,
    { shippingId, warehouseStocks },
    w.warehouse,
  );
}

const lotsTaken = (item: OrderItem) =>
  item.warehouseLoads.flatMap((one) => one.lots.map((lot) => [lot.code, lot.expiryDate, lot.pieces]));

async function setMinimum(days: number | null) {
  const [buyer] = await rowsOf<Record<string, unknown>>(
    w.t.db,
    sql`select id, code, title, version from buyers where id = ${w.buyerId}`,
  );
  const response = await w.call(
    'PUT',
    '/buyers',
    { ...buyer, minRemainingShelfLifeDays: days },
    await w.t.adminToken(),
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json.data.minRemainingShelfLifeDays).toBe(days);
}

describe('first-expired-first-out at loading', () => {
  it('takes the earliest lot that is not expired, then the next, and the answer names them', async () => {
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, ayranProduct, 2);
    const before = await lotsOnHand();
    const response = await loadRows(order, itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 12 }]);
    expect(response.statusCode, response.body).toBe(200);
    const item = itemOf(response.json.data[0], itemId);
    expect(lotsTaken(item)).toEqual([
      ['L-05', addDays(today, 5), 10],
      ['L-20', addDays(today, 20), 2],
    ]);
    expect(item.warehouseLoads[0]!.lots[0]).toMatchObject({ lotId: soon, productItemId: ayran });
    const after = await lotsOnHand();
    expect(after[soon]).toBeUndefined();
    expect(after[later]).toBe(before[later]! - 2);
    expect(after[expired]).toBe(before[expired]);
    // What the load took per lot is what the stock history took per lot.
    const history = await rowsOf<{ lot_id: number; quantity_change: number }>(
      w.t.db,
      sql`select lot_id, quantity_change from stock_history
           where order_id = ${order.id} and action = 'SHIPMENT_OUTBOUND' order by id`,
    );
    expect(history).toEqual([
      { lot_id: soon, quantity_change: -10 },
      { lot_id: later, quantity_change: -2 },
    ]);
    await expectLedgerHolds(w);
  });

  it('puts a rejected load back on the lots it left', async () => {
    await receive(ayran, soon, 10);
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, ayranProduct, 2);
    const before = await lotsOnHand();
    expect(
      (await loadRows(order, itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 12 }])).statusCode,
    ).toBe(200);
    const url = `/orders/${order.id}/order-item/${itemId}`;
    expect((await w.call('PUT', `${url}/loaded-to-truck`, undefined, w.warehouse)).statusCode).toBe(200);
    expect((await w.call('PUT', `${url}/accept-load-status`, undefined, w.shipping)).statusCode).toBe(200);
    const rejected = await w.call('PUT', `${url}/reject-load-status`, undefined, w.shipping);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(itemOf(rejected.json.data[0], itemId).warehouseLoads).toEqual([]);
    expect(await lotsOnHand()).toEqual(before);
    const returns = await rowsOf<{ lot_id: number; quantity_change: number }>(
      w.t.db,
      sql`select lot_id, quantity_change from stock_history
           where order_id = ${order.id} and action = 'RETURN_INBOUND' order by lot_id`,
    );
    expect(returns).toEqual(
      [
        { lot_id: soon, quantity_change: 10 },
        { lot_id: later, quantity_change: 2 },
      ].sort((a, b) => a.lot_id - b.lot_id),
    );
    await expectLedgerHolds(w);
  });
});

describe('lots chosen by the clerk', () => {
  it('takes the chosen lots instead of FEFO', async () => {
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, ayranProduct, 1);
    const before = await lotsOnHand();
    const response = await loadRows(order, itemId, shipment.id, [
      { warehouse: 'DEPO1', quantity: 6, lots: [{ lotId: later, quantity: 6 }] },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(lotsTaken(itemOf(response.json.data[0], itemId))).toEqual([['L-20', addDays(today, 20), 6]]);
    const after = await lotsOnHand();
    expect(after[later]).toBe(before[later]! - 6);
    expect(after[soon]).toBe(before[soon]);
    await expectLedgerHolds(w);
  });

  it('refuses an expired lot with 409 naming the lot and its date, and moves nothing', async () => {
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, ayranProduct, 1);
    const before = await everything();
    const response = await loadRows(order, itemId, shipment.id, [
      { warehouse: 'DEPO1', quantity: 6, lots: [{ lotId: expired, quantity: 6 }] },
    ]);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json.error.message).toBe(
      `L-OLD (SKT ${shown(addDays(today, -1))}) partisi yüklenemez: son kullanma tarihi ${shown(addDays(today, -1))}, süresi geçmiş ürün araca yüklenemez. Hiçbir şey yüklenmedi.`,
    );
    expect(await everything()).toEqual(before);
  });

  it('refuses FEFO when only expired stock would be left, naming the expired lot', async () => {
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, kefirProduct, 1);
    await w.t.db.execute(sql`update lots set expiry_date = ${addDays(today, -2)} where id = ${kefirOld}`);
    const before = await everything();
    const response = await loadRows(order, itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 6 }]);
    expect(response.statusCode, response.body).toBe(409);
    const old = shown(addDays(today, -2));
    expect(response.json.error.message).toBe(
      `'${kefirName}' ürünü için Depo-1 deposunda yeterli stok yok (eldeki: 12, kullanılabilir: 2, istenen: 6; alınamayan partiler: K-OLD (SKT ${old}) 10 adet (süresi geçmiş ürün yüklenemez)). Hiçbir stok değiştirilmedi.`,
    );
    expect(await everything()).toEqual(before);
  });

  it('refuses lots that are unknown, of another item or not adding up, on their field', async () => {
    const shipment = await shipmentIn(w);
    const { order, itemId } = await orderInWarehouse(w, ayranProduct, 1);
    const before = await everything();
    const unknown = await loadRows(order, itemId, shipment.id, [
      { warehouse: 'DEPO1', quantity: 6, lots: [{ lotId: 99999999, quantity: 6 }] },
    ]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json.error.field).toBe('warehouseStocks[0].lots[0].lotId');
    const foreign = await loadRows(order, itemId, shipment.id, [
      { warehouse: 'DEPO1', quantity: 6, lots: [{ lotId: otherItemLot, quantity: 6 }] },
    ]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json.error.field).toBe('warehouseStocks[0].lots[0].lotId');
    const short = await loadRows(order, itemId, shipment.id, [
      { warehouse: 'DEPO1', quantity: 6, lots: [{ lotId: later, quantity: 4 }] },
    ]);
    expect(short.statusCode).toBe(422);
    expect(short.json.error.field).toBe('warehouseStocks[0].lots');
    expect(short.json.error.message).toContain(
      'seçilen partilerin toplamı 4 adet; 6 adet ürün için 6 adet gerekir',
    );
    const twice = await loadRows(order, itemId, shipment.id, [
      {
        warehouse: 'DEPO1',
        quantity: 6,
        lots: [
          { lotId: later, quantity: 3 },
          { lotId: later, quantity: 3 },
        ],
      },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(await everything()).toEqual(before);
  });
});

describe("a buyer's minimum remaining shelf life", () => {
  it('skips lots too short for the buyer, refuses choosing one, and the plan marks them', async () => {
    await receive(ayran, soon, 10);
    await receive(ayran, later, 20);
    await setMinimum(10);
    try {
      const shipment = await shipmentIn(w);
      const { order, itemId } = await orderInWarehouse(w, ayranProduct, 1);
      const plan = await w.call(
        'GET',
        `/orders/${order.id}/order-item/${itemId}/lot-plan?warehouse=depo1&quantity=6`,
        undefined,
        w.warehouse,
      );
      expect(plan.statusCode, plan.body).toBe(200);
      const answer = plan.json.data as LotPlan;
      expect(answer).toMatchObject({
        warehouse: 'DEPO1',
        quantity: 6,
        freshFrom: addDays(today, 10),
        minRemainingShelfLifeDays: 10,
        enough: true,
      });
      expect(answer.items[0]!.lots.map((lot) => [lot.code, lot.fitness, lot.take])).toEqual([
        ['L-OLD', 'EXPIRED', 0],
        ['L-05', 'TOO_SHORT', 0],
        ['L-20', 'FIT', 6],
      ]);

      const before = await everything();
      const chosen = await loadRows(order, itemId, shipment.id, [
        { warehouse: 'DEPO1', quantity: 6, lots: [{ lotId: soon, quantity: 6 }] },
      ]);
      expect(chosen.statusCode, chosen.body).toBe(409);
      expect(chosen.json.error.message).toContain(
        `L-05 (SKT ${shown(addDays(today, 5))}) partisi yüklenemez`,
      );
      expect(chosen.json.error.message).toContain(
        `müşterisi teslimde en az 10 gün raf ömrü istiyor; son kullanma tarihi en erken ${shown(addDays(today, 10))} olmalı`,
      );
      expect(await everything()).toEqual(before);

      const fefo = await loadRows(order, itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: 6 }]);
      expect(fefo.statusCode, fefo.body).toBe(200);
      expect(lotsTaken(itemOf(fefo.json.data[0], itemId))).toEqual([['L-20', addDays(today, 20), 6]]);
      await expectLedgerHolds(w);
    } finally {
      await setMinimum(null);
    }
  });

  it('answers the plan for the warehouse staff only, and 404 for an unknown item or warehouse', async () => {
    const { order, itemId } = await orderInWarehouse(w, ayranProduct, 1);
    const url = `/orders/${order.id}/order-item/${itemId}/lot-plan?warehouse=DEPO1&quantity=6`;
    const plan = await w.call('GET', url, undefined, w.warehouse);
    expect(plan.statusCode).toBe(200);
    expect((plan.json.data as LotPlan).minRemainingShelfLifeDays).toBeNull();
    expect((await w.call('GET', url, undefined, w.shipping)).statusCode).toBe(403);
    const unknownItem = `/orders/${order.id}/order-item/99999999/lot-plan?warehouse=DEPO1&quantity=6`;
    expect((await w.call('GET', unknownItem, undefined, w.warehouse)).statusCode).toBe(404);
    const unknownWarehouse = `/orders/${order.id}/order-item/${itemId}/lot-plan?warehouse=DEPO99&quantity=6`;
    expect((await w.call('GET', unknownWarehouse, undefined, w.warehouse)).statusCode).toBe(404);
    const bad = `/orders/${order.id}/order-item/${itemId}/lot-plan?warehouse=DEPO1&quantity=-1`;
    expect((await w.call('GET', bad, undefined, w.warehouse)).statusCode).toBe(400);
  });
});
