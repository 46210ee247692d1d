import type { Order } from '@mandira/contract/orders';
import type { CreateProductItemBody } from '@mandira/contract/products';
import type { ShipmentStatus } from '@mandira/contract/shipment-machine';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../src/db/client.ts';
import { shipmentFigureDrift } from '../shipment-figures.ts';
import { driver, forceShipmentStatus, vehicle } from './fleet-test-data.ts';
import {
  branchOf,
  buyer,
  type OrderWorld,
  orderWorld,
  placedOrder,
  reservationDrift,
} from './order-test-data.ts';
import { createItem } from './product-test-data.ts';

export { forceShipmentStatus };

import { applyStockChanges } from '../../src/modules/stock/stock-movement.service.ts';

/** The order world with the shipping staff's token and a buyer to deliver to. */
export type LoadWorld = OrderWorld & { shipping: string; buyerId: number; branchId: number };

export async function loadWorld(): Promise<LoadWorld> {
  const w = await orderWorld();
  const shipping = await w.t.tokenWithRoles(['SHIPPING_STAFF']);
  const { id: buyerId } = await buyer(w);
  const branchId = await branchOf(w, buyerId);
  return { ...w, shipping, buyerId, branchId };
}

const SYSTEM = { userId: 0, userName: 'test', roles: [], privileges: new Set<never>(), isSuperAdmin: true };

/** The item's stock line in a stock warehouse. */
export async function lineOf(w: OrderWorld, itemId: number, warehouse: string): Promise<number> {
  const [line] = await rowsOf<{ id: number }>(
    w.t.db,
    sql`select l.id from stock_lines l join warehouses h on h.id = l.warehouse_id
         where l.product_item_id = ${itemId} and h.name = ${warehouse}`,
  );
  return line!.id;
}

/** Pieces of the item on hand in a stock warehouse. */
export async function onHand(w: OrderWorld, itemId: number, warehouse: string): Promise<number> {
  const [line] = await rowsOf<{ quantity: number }>(
    w.t.db,
    sql`select quantity from stock_lines where id = ${await lineOf(w, itemId, warehouse)}`,
  );
  return line!.quantity;
}

/** A new item with these pieces on hand per warehouse ({ DEPO1: 30, DEPO2: 12 }), booked as goods-in. */
export async function stockedItem(
  w: OrderWorld,
  pieces: Record<string, number>,
  overrides: Partial<CreateProductItemBody> = {},
): Promise<number> {
  const item = await createItem(w.t, w.sales, overrides);
  const changes = [];
  for (const [warehouse, quantity] of Object.entries(pieces)) {
    changes.push({
      stockLineId: await lineOf(w, item.id, warehouse),
      kind: 'add' as const,
      quantity,
      action: 'PRODUCTION_INBOUND' as const,
      notes: 'Test girişi',
    });
  }
  await applyStockChanges(w.t.db, changes, { actor: SYSTEM });
  return item.id;
}

export const ok = <R extends { statusCode: number; body: string }>(response: R, what: string): R => {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(200);
  return response;
};

/**
 * A placed order of the product, approved, forwarded and walked through the warehouse steps up to
 * LOADING (or `until` an earlier step); the order as the last call answered it.
 */
export async function orderInWarehouse(
  w: LoadWorld,
  productId: number,
  boxes: number,
  until:
    | 'WAITING_FOR_WAREHOUSE_OPERATION'
    | 'PREPARING'
    | 'PREPARED_WAITING_FOR_LOADING'
    | 'LOADING' = 'LOADING',
  to: { buyerId: number; branchId: number | null } = w,
): Promise<{ order: Order; itemId: number }> {
  const placed = await placedOrder(w, to.buyerId, [{ productId, boxes }], { buyerBranch: to.branchId });
  const itemId = placed.orderItems[0]!.id;
  const item = `/orders/${placed.id}/order-item/${itemId}`;
  ok(await w.call('PUT', `/order-action/FORWARD_TO_IN_REVIEW?id=${placed.id}`), 'review');
  ok(await w.call('PUT', `${item}?action=APPROVE`), 'approve');
  let last = ok(
    await w.call('PUT', `/order-action/FORWARD_TO_WAREHOUSE_OPERATION?id=${placed.id}`),
    'forward',
  );
  const steps = [
    ['PREPARING', `${item}/prepare`],
    ['PREPARED_WAITING_FOR_LOADING', `${item}/ready-for-loading`],
    ['LOADING', `${item}?action=LOADING`],
  ] as const;
  for (const [status, url] of steps) {
    if (until === 'WAITING_FOR_WAREHOUSE_OPERATION') break;
    last = ok(await w.call('PUT', url, undefined, w.warehouse), status);
    if (status === until) break;
  }
  return { order: last.json.data[0] as Order, itemId };
}

let plateSequence = 0;

/**
 * A shipment (by the API) with a vehicle of `capacityInTons` and a driver of its own, from Depo-1 (or
 * `fromWarehouseId`) to the
 * world's buyer branch (or `toWarehouseId`), walked to LOADING by its actions; another status is then set
 * directly.
 */
export async function shipmentIn(
  w: LoadWorld,
  status: ShipmentStatus = 'LOADING',
  {
    capacityInTons = 20,
    intermediateWarehouseId = null,
    toWarehouseId = w.branchId,
    fromWarehouseId = 1,
  }: {
    capacityInTons?: number;
    intermediateWarehouseId?: number | null;
    toWarehouseId?: number;
    fromWarehouseId?: number;
  } = {},
): Promise<{ id: number; code: string }> {
  plateSequence += 1;
  const truck = await vehicle(w, {
    licencePlateCode: `34 YK ${100 + plateSequence}`,
    brand: 'Ford',
    model: 'Cargo',
    capacityInTons,
  });
  const person = await driver(w, { name: 'Şoför', surname: `Çağlar ${plateSequence}` });
  const code = `SVK-${plateSequence}`;
  const created = ok(
    await w.call(
      'POST',
      '/shipments',
      {
        shipmentCode: code,
        vehicleId: truck.id,
        driverId: person.id,
        fromWarehouseId,
        intermediateWarehouse1Id: intermediateWarehouseId,
        toWarehouseId,
      },
      w.office,
    ),
    'shipment',
  );
  const id = created.json.data.id as number;
  if (status !== 'PARKING') {
    for (const action of ['PREPARE_TO_LOAD', 'START_LOADING']) {
      ok(await w.call('PUT', `/shipments/${id}/on-action`, { action }, w.office), action);
      if (action === 'PREPARE_TO_LOAD' && status === 'PREPARING_TO_LOAD') break;
    }
    if (!['PREPARING_TO_LOAD', 'LOADING'].includes(status)) await forceShipmentStatus(w, id, status);
  }
  return { id, code };
}

/** `PUT …/load?action=LOAD_ITEM_TO_TRUCK` as the warehouse staff. */
export function load(
  w: LoadWorld,
  order: { id: number },
  itemId: number,
  shippingId: number,
  warehouseStocks: { warehouse: string; quantity: number }[],
  token = w.warehouse,
) {
  return w.call(
    'PUT',
    `/orders/${order.id}/order-item/${itemId}/load?action=LOAD_ITEM_TO_TRUCK`,
    { shippingId, warehouseStocks },
    token,
  );
}

/**
 * A new order of the product for the world's buyer, `pieces` of it loaded on a shipment of its own and
 * the item finished as partly loaded: its dealt total counts the loaded pieces only.
 */
export async function partlyLoadedOrder(w: LoadWorld, productId: number, boxes: number, pieces: number) {
  const shipment = await shipmentIn(w);
  const { order, itemId } = await orderInWarehouse(w, productId, boxes);
  ok(await load(w, order, itemId, shipment.id, [{ warehouse: 'DEPO1', quantity: pieces }]), 'load');
  const item = `/orders/${order.id}/order-item/${itemId}`;
  ok(
    await w.call('PUT', `${item}?action=LOADED_TO_TRUCK_FROM_WAREHOUSE_PARTIALLY`, undefined, w.warehouse),
    'finish',
  );
  return order;
}

/**
 * The loading invariants (docs/domain/loading-and-shipments.md, "Invariants") over the whole database: every
 * stock line equals the sum of its history; every item's loaded pieces equal its load records; and what the
 * load records took from each line for an order equals the order's shipment goods-out less its load returns
 * on that line. The kept counters agree with what they count: reservations (decision 65) and shipment load
 * figures (decision 114).
 */
export async function expectLedgerHolds(w: Pick<OrderWorld, 't'>): Promise<void> {
  const lines = await rowsOf<{ id: number }>(
    w.t.db,
    sql`select l.id from stock_lines l
         where l.quantity <> coalesce((select sum(h.quantity_change) from stock_history h where h.stock_line_id = l.id), 0)`,
  );
  expect(lines, 'stock lines that differ from their history').toEqual([]);
  const items = await rowsOf<{ id: number }>(
    w.t.db,
    sql`select oi.id from order_items oi
         where oi.loaded_quantity <> coalesce((select sum(sl.pieces) from shipment_loads sl where sl.order_item_id = oi.id), 0)`,
  );
  expect(items, 'items whose loaded pieces differ from their load records').toEqual([]);
  const taken = await rowsOf<{ order_id: number; stock_line_id: number }>(
    w.t.db,
    sql`with recorded as (
          select oi.order_id, ll.stock_line_id, sum(ll.quantity)::int as quantity
            from shipment_load_lines ll
            join shipment_loads sl on sl.id = ll.shipment_load_id
            join order_items oi on oi.id = sl.order_item_id
           group by oi.order_id, ll.stock_line_id),
        moved as (
          select h.order_id, h.stock_line_id, -sum(h.quantity_change)::int as quantity
            from stock_history h
           where h.order_id is not null and h.action in ('SHIPMENT_OUTBOUND', 'RETURN_INBOUND')
           group by h.order_id, h.stock_line_id)
        select coalesce(r.order_id, m.order_id) as order_id, coalesce(r.stock_line_id, m.stock_line_id) as stock_line_id
          from recorded r full join moved m on m.order_id = r.order_id and m.stock_line_id = r.stock_line_id
         where coalesce(r.quantity, 0) <> coalesce(m.quantity, 0)`,
  );
  expect(taken, 'order stock movements that differ from their load records').toEqual([]);
  expect(await reservationDrift(w.t.db), 'reservation counters that differ from the sums').toEqual([]);
  expect(await shipmentFigureDrift(w.t.db), 'shipment load figures that differ from their loads').toEqual([]);
}

/** `PUT /shipments/{id}/on-action` as the back office. */
export function shipmentAction(w: LoadWorld, shipmentId: number, action: string, extra: object = {}) {
  return w.call('PUT', `/shipments/${shipmentId}/on-action`, { action, ...extra }, w.office);
}

/** An order item's status and loaded pieces, as stored. */
export async function itemState(w: Pick<OrderWorld, 't'>, itemId: number) {
  const [row] = await rowsOf<{ status: string; loaded_quantity: number }>(
    w.t.db,
    sql`select status, loaded_quantity from order_items where id = ${itemId}`,
  );
  return row!;
}
