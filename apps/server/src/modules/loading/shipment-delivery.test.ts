import type { Order } from '@mandira/contract/orders';
import type { Shipment, ShipmentContent } from '@mandira/contract/shipments';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectLedgerHolds,
  itemState,
  type LoadWorld,
  load,
  loadWorld,
  onHand,
  orderInWarehouse,
  shipmentAction,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { branchOf, product } from '../../../test/builders/order-test-data.ts';
import { rowsOf } from '../../db/client.ts';

/**
 * The shipment machine with the loads: the load check, the weighbridge, dispatch, delivery and the order's
 * completion; a failed delivery returning its goods; loads moving to another truck.
 */
let w: LoadWorld;
let cheeseItem: number;
/** 1500 g cheese, one a piece, 6 a box: 9 kg a box. */
let cheese: number;
/** Napkins counted by the piece: no weight. */
let napkins: number;
beforeAll(async () => {
  w = await loadWorld();
  cheeseItem = await stockedItem(w, { DEPO1: 2000, DEPO2: 200 });
  cheese = await product(w, [{ itemId: cheeseItem, quantity: 1 }]);
  const napkin = await stockedItem(
    w,
    { DEPO1: 500 },
    { packagingUnitType: 'QUANTITY', packagingUnitTypeAmount: 100 },
  );
  napkins = await product(w, [{ itemId: napkin, quantity: 1 }]);
});
afterAll(() => w.close());

const act = (shipmentId: number, action: string, extra: object = {}) =>
  shipmentAction(w, shipmentId, action, extra);

async function shipmentOf(id: number): Promise<Shipment> {
  const list = (await w.call('GET', '/shipments', undefined, w.office)).json.data as Shipment[];
  return list.find((one) => one.id === id)!;
}

const itemStatus = (itemId: number) => itemState(w, itemId);

async function driverStatusOf(shipmentId: number) {
  const [row] = await rowsOf<{ status: string }>(
    w.t.db,
    sql`select d.status from drivers d join shipments s on s.driver_id = d.id where s.id = ${shipmentId}`,
  );
  return row!.status;
}

/** Loads each order's item in full, finishes, checks, accepts and finishes the check: LOAD_CHECK_COMPLETED. */
async function checkedShipment(items: { productId: number; boxes: number }[], capacityInTons = 20) {
  const shipment = await shipmentIn(w, 'LOADING', { capacityInTons });
  const loaded: { order: Order; itemId: number }[] = [];
  for (const { productId, boxes } of items) {
    const one = await orderInWarehouse(w, productId, boxes);
    const url = `/orders/${one.order.id}/order-item/${one.itemId}`;
    expect(
      (await load(w, one.order, one.itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: boxes * 6 }]))
        .statusCode,
    ).toBe(200);
    expect((await w.call('PUT', `${url}/loaded-to-truck`, undefined, w.warehouse)).statusCode).toBe(200);
    loaded.push(one);
  }
  expect(
    (await w.call('PUT', `/shipments/start-load-check/${shipment.id}`, undefined, w.office)).statusCode,
  ).toBe(200);
  const early = await act(shipment.id, 'FINISH_LOAD_CHECK');
  expect(early.statusCode).toBe(409);
  expect(early.json.error.message).toContain('kabul edilmemiş');
  for (const one of loaded) {
    const accepted = await w.call(
      'PUT',
      '/shipments/load',
      { orderShipmentId: shipment.id, orderItemId: one.itemId },
      w.shipping,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  expect((await act(shipment.id, 'FINISH_LOAD_CHECK')).statusCode).toBe(200);
  return { shipment, loaded };
}

async function weigh(shipmentId: number, tons: number) {
  expect((await act(shipmentId, 'START_WEIGHT_CHECK')).statusCode).toBe(200);
  const weighed = await act(shipmentId, 'COMPLETE_WEIGHT_CHECK', { loadedWeightInTons: tons });
  expect(weighed.statusCode, weighed.body).toBe(200);
}

describe('the weighbridge', () => {
  it('expects the loaded weight and refuses a far-off weighing with expected, weighed and the %', async () => {
    const { shipment } = await checkedShipment([{ productId: cheese, boxes: 100 }]);
    // 600 pieces × 1.5 kg = 0.9 t.
    expect((await shipmentOf(shipment.id)).expectedWeightInTons).toBeCloseTo(0.9, 6);
    expect((await act(shipment.id, 'START_WEIGHT_CHECK')).statusCode).toBe(200);
    // The weighbridge's answer and the list's row say the weight is off, and what to do next.
    const answer = await act(shipment.id, 'COMPLETE_WEIGHT_CHECK', { loadedWeightInTons: 1.2 });
    expect(answer.statusCode, answer.body).toBe(200);
    const warning =
      "Tartım tolerans dışında: beklenen 0,900 ton, tartılan 1,200 ton (%33,3 fark; izin verilen %10). Sevkiyat bu ağırlıkla yola çıkamaz; 'Yeniden Kontrol Et' ile yükü yeniden kontrol edip aracı tekrar tartınız.";
    expect(answer.json.data).toMatchObject({
      statusDetail: { label: 'Tartım Tamamlandı' },
      weightWarning: warning,
    });
    expect((await shipmentOf(shipment.id)).weightWarning).toBe(warning);
    const snapshot = async () => ({
      shipment: await rowsOf(
        w.t.db,
        sql`select status, loaded_weight_in_tons from shipments where id = ${shipment.id}`,
      ),
      driver: await driverStatusOf(shipment.id),
    });
    const before = await snapshot();
    const refused = await w.call('PUT', `/shipments/start-delivery/${shipment.id}`, undefined, w.office);
    expect(refused.statusCode).toBe(409);
    expect(refused.json.error.message).toMatch(/beklenen 0,900 ton, tartılan 1,200 ton \(%33,3 fark/);
    expect(await snapshot()).toEqual(before);

    // Weighed again within 10 %, it leaves.
    expect((await act(shipment.id, 'RECHECK')).statusCode).toBe(200);
    expect((await act(shipment.id, 'FINISH_LOAD_CHECK')).statusCode).toBe(200);
    await weigh(shipment.id, 0.95);
    expect((await shipmentOf(shipment.id)).weightWarning).toBeNull();
    const left = await w.call('PUT', `/shipments/start-delivery/${shipment.id}`, undefined, w.office);
    expect(left.statusCode, left.body).toBe(200);
    expect(await driverStatusOf(shipment.id)).toBe('ON_DELIVERY');
  });

  it('refuses a weight above the vehicle capacity on the field, writing nothing', async () => {
    // 12,5 t on a 1,5 t van: a misreading or an overload, refused at the weighbridge.
    const { shipment } = await checkedShipment([{ productId: cheese, boxes: 100 }], 1.5);
    expect((await act(shipment.id, 'START_WEIGHT_CHECK')).statusCode).toBe(200);
    const before = await rowsOf(w.t.db, sql`select * from shipments where id = ${shipment.id}`);
    const refused = await act(shipment.id, 'COMPLETE_WEIGHT_CHECK', { loadedWeightInTons: 12.5 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json.error).toMatchObject({
      code: 'VALIDATION',
      field: 'loadedWeightInTons',
      message:
        'Tartılan ağırlık (12,500 ton) aracın kapasitesini (1,500 ton) aşıyor; kantar okumasını ve aracı kontrol ediniz.',
    });
    expect(await rowsOf(w.t.db, sql`select * from shipments where id = ${shipment.id}`)).toEqual(before);
    // The capacity itself is allowed.
    expect((await act(shipment.id, 'COMPLETE_WEIGHT_CHECK', { loadedWeightInTons: 1.5 })).statusCode).toBe(
      200,
    );
  });

  it('refuses departure over the vehicle capacity, and checks no tolerance when a weight is unknown', async () => {
    const heavy = await checkedShipment([{ productId: cheese, boxes: 10 }], 0.05);
    // A weight stored above the capacity (before the weighbridge refused one) still keeps it home.
    await weigh(heavy.shipment.id, 0.05);
    await w.t.db.execute(
      sql`update shipments set loaded_weight_in_tons = 0.09 where id = ${heavy.shipment.id}`,
    );
    expect((await shipmentOf(heavy.shipment.id)).weightWarning).toMatch(
      /^Tartılan yük aracın kapasitesini aşıyor: tartılan yük 0,090 ton, aracın kapasitesi 0,050 ton\. .*'Yeniden Kontrol Et'/,
    );
    const refused = await w.call(
      'PUT',
      `/shipments/start-delivery/${heavy.shipment.id}`,
      undefined,
      w.office,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json.error.message).toContain('kapasitesi 0,050 ton');

    const unknown = await checkedShipment([
      { productId: cheese, boxes: 1 },
      { productId: napkins, boxes: 1 },
    ]);
    const shown = await shipmentOf(unknown.shipment.id);
    expect(shown.actionContext.expectedWeightComplete).toBe(false);
    await weigh(unknown.shipment.id, 3);
    expect(
      (await w.call('PUT', `/shipments/start-delivery/${unknown.shipment.id}`, undefined, w.office))
        .statusCode,
    ).toBe(200);
  });
});

describe('delivery', () => {
  it('delivers the accepted items, frees the driver, and lets the order be completed', async () => {
    const { shipment, loaded } = await checkedShipment([
      { productId: cheese, boxes: 2 },
      { productId: cheese, boxes: 1 },
    ]);
    await weigh(shipment.id, 0.027);
    expect(
      (await w.call('PUT', `/shipments/start-delivery/${shipment.id}`, undefined, w.office)).statusCode,
    ).toBe(200);
    // On the road, a load can no longer be reported as not loaded.
    const [first] = loaded;
    const rejected = await w.call(
      'PUT',
      `/orders/${first!.order.id}/order-item/${first!.itemId}/reject-load-status`,
      undefined,
      w.shipping,
    );
    expect(rejected.statusCode).toBe(409);
    const early = await w.call('PUT', `/order-action/COMPLETE?id=${first!.order.id}`);
    expect(early.statusCode).toBe(409);

    const delivered = await w.call('PUT', `/shipments/complete-delivery/${shipment.id}`, undefined, w.office);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await shipmentOf(shipment.id)).statusDetail).toEqual({
      name: 'DELIVERED',
      label: 'Teslim Edildi',
    });
    expect(await driverStatusOf(shipment.id)).toBe('AVAILABLE');
    for (const one of loaded) expect((await itemStatus(one.itemId)).status).toBe('DELIVERED_TO_BUYER');

    const completed = await w.call('PUT', `/order-action/COMPLETE?id=${first!.order.id}`);
    expect(completed.statusCode, completed.body).toBe(200);
    const order = completed.json.data[0] as Order;
    expect(order.statusDescription.name).toBe('COMPLETED');
    expect(order.completedAt).not.toBeNull();
    await expectLedgerHolds(w);
  });

  it('returns the goods of a failed delivery to the lines they left; the items load again', async () => {
    const { shipment, loaded } = await checkedShipment([{ productId: cheese, boxes: 3 }]);
    await weigh(shipment.id, 0.027);
    expect(
      (await w.call('PUT', `/shipments/start-delivery/${shipment.id}`, undefined, w.office)).statusCode,
    ).toBe(200);
    const before = await onHand(w, cheeseItem, 'DEPO1');
    expect((await act(shipment.id, 'SET_AS_RETURNING_TO_WAREHOUSE')).statusCode).toBe(200);
    expect(await onHand(w, cheeseItem, 'DEPO1')).toBe(before);
    const parked = await act(shipment.id, 'DO_PARKING');
    expect(parked.statusCode, parked.body).toBe(200);
    expect(await onHand(w, cheeseItem, 'DEPO1')).toBe(before + 18);
    expect(await itemStatus(loaded[0]!.itemId)).toEqual({ status: 'LOADING', loaded_quantity: 0 });
    const [returned] = await rowsOf<{ notes: string }>(
      w.t.db,
      sql`select notes from stock_history where order_id = ${loaded[0]!.order.id} and action = 'RETURN_INBOUND'`,
    );
    expect(returned!.notes).toContain(shipment.code);
    expect((await shipmentOf(shipment.id)).loadCount).toBe(0);
    await expectLedgerHolds(w);
  });
});

describe('moving loads to another shipment', () => {
  it('moves every load to a LOADING target, and refuses another target with nothing written', async () => {
    const from = await shipmentIn(w);
    const to = await shipmentIn(w);
    const parked = await shipmentIn(w, 'PREPARING_TO_LOAD');
    const { order, itemId } = await orderInWarehouse(w, cheese, 2);
    expect(
      (
        await load(w, order, itemId, from.id, [
          { warehouse: 'DEPO1', quantity: 7 },
          { warehouse: 'DEPO2', quantity: 5 },
        ])
      ).statusCode,
    ).toBe(200);

    const loadsBefore = await rowsOf(w.t.db, sql`select * from shipment_loads order by id`);
    const refused = await act(from.id, 'TRANSFER_TO_ANOTHER', { targetShipmentId: parked.id });
    expect(refused.statusCode).toBe(409);
    expect(await rowsOf(w.t.db, sql`select * from shipment_loads order by id`)).toEqual(loadsBefore);
    // A truck to another buyer's depot cannot take the order's goods either (decision 140).
    const elsewhere = await shipmentIn(w, 'LOADING', {
      toWarehouseId: await branchOf(w, w.buyerId, 'BAŞKA'),
    });
    const fromBefore = await shipmentOf(from.id);
    const wrong = await act(from.id, 'TRANSFER_TO_ANOTHER', { targetShipmentId: elsewhere.id });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(wrong.json.error.message).toContain(`'${elsewhere.code}' sevkiyatı BAŞKA Deposu`);
    expect(await rowsOf(w.t.db, sql`select * from shipment_loads order by id`)).toEqual(loadsBefore);
    expect(await shipmentOf(from.id)).toEqual(fromBefore);

    const moved = await act(from.id, 'TRANSFER_TO_ANOTHER', { targetShipmentId: to.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await shipmentOf(from.id)).status).toBe('PREPARING_TO_LOAD');
    const content = (await w.call('GET', `/shipments/${to.id}/content`, undefined, w.office)).json
      .data as ShipmentContent;
    expect(content.lines).toHaveLength(1);
    expect(content.lines[0]).toMatchObject({ orderItemId: itemId, pieces: 12, boxes: 2 });
    const answered = (await w.call('GET', `/orders/filter?operationType=WAREHOUSE`, undefined, w.warehouse))
      .json.data as Order[];
    const item = answered.find((one) => one.id === order.id)!.orderItems[0]!;
    expect(item.warehouseLoads.map((one) => [one.shipmentCode, one.warehouse, one.quantity])).toEqual([
      [to.code, 'DEPO1', 7],
      [to.code, 'DEPO2', 5],
    ]);
    await expectLedgerHolds(w);
  });
});
