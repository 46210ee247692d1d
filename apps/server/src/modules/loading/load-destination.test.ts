import type { Order, OrderItem } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuyer } from '../../../test/builders/buyer-test-data.ts';
import {
  expectLedgerHolds,
  type LoadWorld,
  load,
  loadWorld,
  onHand,
  orderInWarehouse,
  shipmentIn,
  stockedItem,
} from '../../../test/builders/loading-test-data.ts';
import { branchOf, orderSnapshot, product } from '../../../test/builders/order-test-data.ts';
import { rowsOf } from '../../db/client.ts';

/**
 * Issue 37 item 3: an order loads only onto a truck that stops at its delivery point — its branch, or a
 * depot of its buyer when it names none (docs/domain/loading-and-shipments.md, decision 140).
 */
let w: LoadWorld;
let cheese: number;
let cheeseBox: number;
/** A second buyer with its branch in Tekirdağ, and a truck going there. */
let tekirdag: { buyerId: number; branchId: number };
let toTekirdag: { id: number; code: string };
beforeAll(async () => {
  w = await loadWorld();
  cheese = await stockedItem(w, { DEPO1: 400, DEPO2: 200 });
  cheeseBox = await product(w, [{ itemId: cheese, quantity: 1 }]);
  const admin = await w.t.adminToken();
  const other = await createBuyer(w.t, admin, { title: 'Tekirdağ Köfteci Gıda Ltd. Şti.' });
  tekirdag = { buyerId: other.id, branchId: await branchOf(w, other.id, 'TEKİRDAĞ') };
  toTekirdag = await shipmentIn(w, 'LOADING', { toWarehouseId: tekirdag.branchId });
});
afterAll(() => w.close());

const itemOf = (order: Order, itemId: number): OrderItem =>
  order.orderItems.find((one) => one.id === itemId)!;

/** Every row a load writes, to show that a refused one wrote nothing. */
async function everything(orderId: number) {
  return {
    order: await orderSnapshot(w, orderId),
    lines: await rowsOf(w.t.db, sql`select id, quantity from stock_lines order by id`),
    history: await rowsOf(w.t.db, sql`select count(*)::int as n from stock_history`),
    loads: await rowsOf(w.t.db, sql`select * from shipment_loads order by id`),
    loadLines: await rowsOf(w.t.db, sql`select * from shipment_load_lines order by 1, 2`),
    audit: await rowsOf(w.t.db, sql`select count(*)::int as n from audit_entries`),
    shipment: await rowsOf(w.t.db, sql`select * from shipments where id = ${toTekirdag.id}`),
  };
}

describe('loading onto the truck that goes to the order', () => {
  it('refuses a shipment none of whose stops is the order’s branch (422), naming both, writing nothing', async () => {
    const { order, itemId } = await orderInWarehouse(w, cheeseBox, 1);
    const before = await everything(order.id);
    const refused = await load(w, order, itemId, toTekirdag.id, [{ warehouse: 'DEPO1', quantity: 6 }]);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json.error.code).toBe('BUSINESS_RULE');
    expect(refused.json.error.message).toBe(
      `'${toTekirdag.code}' sevkiyatı TEKİRDAĞ Deposu (Tekirdağ Köfteci Gıda Ltd. Şti.) noktasına gidiyor; ` +
        `siparişin teslim noktası MERKEZ Deposu (${order.buyer.title}). Sipariş, duraklarından biri teslim ` +
        'noktası olan bir sevkiyata yüklenmelidir. Hiçbir şey yüklenmedi.',
    );
    expect(await everything(order.id)).toEqual(before);
    expect(await onHand(w, cheese, 'DEPO1')).toBe(400);
  });

  it('loads onto a shipment whose destination is the order’s branch', async () => {
    const { order, itemId } = await orderInWarehouse(w, cheeseBox, 1);
    const truck = await shipmentIn(w);
    const loaded = await load(w, order, itemId, truck.id, [{ warehouse: 'DEPO1', quantity: 6 }]);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(itemOf(loaded.json.data[0], itemId).loadedQuantity).toBe(6);
    await expectLedgerHolds(w);
  });

  it('loads onto a shipment that passes the order’s branch as an intermediate stop', async () => {
    const { order, itemId } = await orderInWarehouse(w, cheeseBox, 1);
    const truck = await shipmentIn(w, 'LOADING', {
      intermediateWarehouseId: w.branchId,
      toWarehouseId: tekirdag.branchId,
    });
    const loaded = await load(w, order, itemId, truck.id, [{ warehouse: 'DEPO2', quantity: 6 }]);
    expect(loaded.statusCode, loaded.body).toBe(200);
  });

  it('matches an order without a branch by its buyer: any depot of the buyer, not another buyer’s', async () => {
    // The buyer had no depot when it ordered, so the order names no branch; the depot came later.
    const admin = await w.t.adminToken();
    const newcomer = await createBuyer(w.t, admin, { title: 'Süleymanpaşa Market' });
    const { order, itemId } = await orderInWarehouse(w, cheeseBox, 1, 'LOADING', {
      buyerId: newcomer.id,
      branchId: null,
    });
    expect(order.buyerBranch).toBeNull();
    const before = await everything(order.id);
    const refused = await load(w, order, itemId, toTekirdag.id, [{ warehouse: 'DEPO1', quantity: 6 }]);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json.error.message).toContain(
      'siparişin teslim şubesi yok, müşterisi Süleymanpaşa Market.',
    );
    expect(await everything(order.id)).toEqual(before);

    const depot = await branchOf(w, newcomer.id, 'ÇORLU');
    const truck = await shipmentIn(w, 'LOADING', { toWarehouseId: depot });
    const loaded = await load(w, order, itemId, truck.id, [{ warehouse: 'DEPO1', quantity: 6 }]);
    expect(loaded.statusCode, loaded.body).toBe(200);
    await expectLedgerHolds(w);
  });

  it('lists each stop with the buyer whose depot it is, so the load form can mirror the rule', async () => {
    const shipments = await w.call(
      'GET',
      '/shipments/filter-by-status?status=LOADING',
      undefined,
      w.warehouse,
    );
    expect(shipments.statusCode, shipments.body).toBe(200);
    const listed = (
      shipments.json.data as { id: number; stops: { kind: string; buyerId: number | null }[] }[]
    ).find((one) => one.id === toTekirdag.id)!;
    expect(listed.stops.map((stop) => [stop.kind, stop.buyerId])).toEqual([
      ['FROM', null],
      ['TO', tekirdag.buyerId],
    ]);
  });
});
