import { ORDER_STATUSES } from '@mandira/contract/order-machines';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerHolds } from '../../test/builders/loading-test-data.ts';
import { seedDemoThrough } from '../../test/demo-chain.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoThrough(t.db, 'loading');
}, 300_000);
afterAll(() => t.close());

describe('the loading demo data', () => {
  it("has a delivered shipment, one on the road and one loading besides the fleet demo's, built so that the ledger adds up", async () => {
    const shipments = await rowsOf<{ code: string; status: string; loads: number }>(
      t.db,
      sql`select s.code, s.status, (select count(*)::int from shipment_loads l where l.shipment_id = s.id) as loads
            from shipments s where s.code like 'SVK-2026-00%' order by s.code`,
    );
    expect(shipments.map((one) => [one.code, one.status])).toEqual([
      ['SVK-2026-001', 'DELIVERED'],
      ['SVK-2026-002', 'ON_DELIVERY'],
      ['SVK-2026-003', 'LOADING'],
    ]);
    for (const one of shipments) expect(one.loads, one.code).toBeGreaterThan(0);
    await expectLedgerHolds({ t });
  });

  it('has orders in every status and items at every warehouse and shipping step', async () => {
    const orders = await rowsOf<{ status: string }>(t.db, sql`select distinct status from orders`);
    expect(orders.map((row) => row.status).sort()).toEqual([...ORDER_STATUSES].sort());
    const items = await rowsOf<{ status: string }>(t.db, sql`select distinct status from order_items`);
    expect(items.map((row) => row.status)).toEqual(
      expect.arrayContaining([
        'WAITING_FOR_WAREHOUSE_OPERATION',
        'PREPARING',
        'PREPARED_WAITING_FOR_LOADING',
        'LOADING',
        'LOADED_TO_TRUCK_FROM_WAREHOUSE',
        'LOAD_STATUS_ACCEPTED',
        'DELIVERED_TO_BUYER',
      ]),
    );
    // The warehouse still has orders to load onto the truck that is loading.
    const [waiting] = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from order_items i
           where i.status = 'LOADING' and i.loaded_quantity = 0`,
    );
    expect(waiting!.n).toBeGreaterThan(0);
  });
});
