import type { OrderPage } from '@mandira/contract/order-query';
import type { Order, OrderItem } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { vehicle } from '../../../test/builders/fleet-test-data.ts';
import {
  type LoadWorld,
  load,
  loadWorld,
  ok,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { placedOrder, product } from '../../../test/builders/order-test-data.ts';
import { rowsOf } from '../../db/client.ts';
import type { ItemRow } from './order-page-rows.ts';

/**
 * An order page's items come from PostgreSQL as arrays of their values, named again by position in the
 * server (decision 201). Every field of an item the pages answer is its own column: each value below is
 * read back from the item's row by name and differs from its neighbours, so two positions swapped fail.
 */
type ContentColumns = { product_item_id: number; quantity: number; name: string; barcode: string };

let w: LoadWorld;
let orderId: number;
let orderNumber: number;
let afterStep: Order;
beforeAll(async () => {
  w = await loadWorld();
  // The order, its item and its product numbered apart, so that no two of the ids can stand in for another.
  for (const [table, next] of [
    ['orders', 300],
    ['order_items', 500],
    ['products', 700],
  ] as const) {
    await w.t.db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${next})`);
  }
  const cheese = await stockedItem(w, { DEPO1: 400 }, { name: 'Tam Yağlı Beyaz Peynir' });
  const honey = await stockedItem(
    w,
    { DEPO1: 400 },
    {
      name: 'Süzme Çiçek Balı',
      packagingType: 'BOTTLE',
      packagingUnitType: 'LITERS',
      packagingUnitTypeAmount: 1,
    },
  );
  const breakfast = await product(
    w,
    [
      { itemId: cheese, quantity: 2 },
      { itemId: honey, quantity: 1 },
    ],
    { quantityInsideBox: 4, price: 10.5, discount: 2.25, name: 'Kahvaltı Kolisi' },
  );
  // 5 boxes ordered (20 pieces), 4 approved (16), 6 loaded: every count differs from the others.
  const placed = await placedOrder(w, w.buyerId, [{ productId: breakfast, boxes: 5 }], {
    buyerBranch: w.branchId,
  });
  orderId = placed.id;
  orderNumber = placed.orderNumber;
  const itemId = placed.orderItems[0]!.id;
  const item = `/orders/${orderId}/order-item/${itemId}`;
  ok(await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${orderId}`), 'review');
  ok(await w.call('PUT', `${item}?action=APPROVE_PARTIALLY&quantity=16`), 'approve partly');
  ok(await w.call('PUT', `/order-action/FORWARD_TO_WAREHOUSE_OPERATION?id=${orderId}`), 'forward');
  ok(await w.call('PUT', `${item}/prepare`, undefined, w.warehouse), 'prepare');
  ok(await w.call('PUT', `${item}/ready-for-loading`, undefined, w.warehouse), 'ready');
  ok(await w.call('PUT', `${item}?action=LOADING`, undefined, w.warehouse), 'loading');
  const planned = await vehicle(w, { licencePlateCode: '06 PLN 77', brand: 'Mercedes', model: 'Atego' });
  ok(await w.call('PUT', `${item}/plan-shipment-vehicle`, { vehicleId: planned.id }), 'plan');
  const truck = await shipmentIn(w, 'LOADING');
  const loaded = ok(
    await load(w, { id: orderId }, itemId, truck.id, [{ warehouse: 'DEPO1', quantity: 6 }]),
    'load',
  );
  afterStep = loaded.json.data[0] as Order;
});
afterAll(() => w.close());

/** The order's items as their rows name them, with the planned vehicle and the bundle as ordered. */
async function itemsFromRows(): Promise<Partial<OrderItem>[]> {
  const items = await rowsOf<ItemRow>(
    w.t.db,
    sql`select oi.id, oi.product_id, oi.product_name, oi.stock_code, oi.barcode, oi.quantity_in_box,
               oi.unit_price::float8 as unit_price, oi.discount::float8 as discount, oi.ordered_quantity,
               oi.order_id, oi.quantity, oi.loaded_quantity, oi.status, oi.planned_vehicle_id,
               v.licence_plate_code as planned_plate, v.brand as planned_brand, v.model as planned_model
          from order_items oi left join vehicles v on v.id = oi.planned_vehicle_id
         where oi.order_id = ${orderId} order by oi.id`,
  );
  const expected = [];
  for (const row of items) {
    const contents = await rowsOf<ContentColumns>(
      w.t.db,
      sql`select l.product_item_id, l.quantity, i.name, i.barcode
            from order_items oi
            join bundle_snapshot_lines l on l.snapshot_id = oi.bundle_snapshot_id
            join product_items i on i.id = l.product_item_id
           where oi.id = ${row.id} order by l.id`,
    );
    expected.push({
      id: row.id,
      productId: row.product_id,
      productName: row.product_name,
      stockCode: row.stock_code,
      barcode: row.barcode,
      quantityInBox: row.quantity_in_box,
      unitPrice: row.unit_price,
      discount: row.discount,
      orderedQuantity: row.ordered_quantity,
      quantity: row.quantity,
      loadedQuantity: row.loaded_quantity,
      remainingQuantity: row.quantity - row.loaded_quantity,
      statusDescription: expect.objectContaining({ name: row.status }),
      plannedShipmentVehicleId: row.planned_vehicle_id,
      plannedShipmentVehicleDescription: `${row.planned_plate} · ${row.planned_brand} ${row.planned_model}`,
      productContent: contents.map((line) => ({
        productItemId: line.product_item_id,
        quantity: line.quantity,
        name: line.name,
        barcode: line.barcode,
      })),
    });
  }
  return expected;
}

it('fills the rows with values that tell every neighbouring position apart', async () => {
  const [row] = await itemsFromRows();
  expect(row).toMatchObject({
    quantityInBox: 4,
    orderedQuantity: 20,
    quantity: 16,
    loadedQuantity: 6,
    unitPrice: 10.5,
    discount: 2.25,
    plannedShipmentVehicleDescription: '06 PLN 77 · Mercedes Atego',
  });
  expect(new Set([row!.id, row!.productId, orderId]).size).toBe(3);
  expect(row!.productContent).toHaveLength(2);
});

it('answers each item field from its own column: search, warehouse screen, after a step', async () => {
  const expected = await itemsFromRows();
  const [searched] = ok(
    await w.call('POST', '/orders/filter-by-query', { orderNumbers: [orderNumber] }),
    'search',
  ).json.data as Order[];
  const screen = ok(
    await w.call('GET', '/orders/filter?operationType=WAREHOUSE&page=1&size=50', undefined, w.warehouse),
    'warehouse screen',
  ).json.data as OrderPage;
  const onScreen = screen.orders.find((one) => one.id === orderId);
  for (const [where, order] of [
    ['search', searched],
    ['warehouse screen', onScreen],
    ['after the load', afterStep],
  ] as const) {
    expect(order?.orderItems, where).toEqual(expected.map((item) => expect.objectContaining(item)));
    const [item] = order!.orderItems;
    expect(item!.stockHoldingText, where).toBe('2 × 1500 Gr Vakumlu Paket + 1 Lt Şişe');
    expect(
      item!.warehouseLoads.map((one) => [one.warehouse, one.quantity]),
      where,
    ).toEqual([['DEPO1', 6]]);
    expect(item!.onDelivery, where).toBe(false);
    expect(
      item!.deliveryShipments.map((one) => one.quantity),
      where,
    ).toEqual([6]);
  }
});
