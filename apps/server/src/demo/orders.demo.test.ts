import { ORDER_STATUSES } from '@mandira/contract/order-machines';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationDrift } from '../../test/builders/order-test-data.ts';
import { seedDemoThrough } from '../../test/demo-chain.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoThrough(t.db, 'orders');
}, 240_000);
afterAll(() => t.close());

describe('the orders demo data', () => {
  it('has a few dozen orders in every status but completed, with baskets in progress and nothing over-promised', async () => {
    const statuses = await rowsOf<{ status: string; orders: number }>(
      t.db,
      sql`select status, count(*)::int as orders from orders group by status`,
    );
    // Completed orders come with the loading demo, which delivers shipments (whole-demo.test.ts).
    expect(statuses.map((row) => row.status).sort()).toEqual(
      ORDER_STATUSES.filter((status) => status !== 'COMPLETED').sort(),
    );
    expect(statuses.reduce((sum, row) => sum + row.orders, 0)).toBeGreaterThanOrEqual(30);
    const [figures] = await rowsOf<{ item_statuses: number; baskets: number; over: number; today: number }>(
      t.db,
      sql`select (select count(distinct status)::int from order_items) as item_statuses,
                 (select count(distinct basket_id)::int from basket_lines) as baskets,
                 (select count(*)::int from orders where created_at >= now() - interval '1 day'
                     and status in ('WAITING_FOR_REVIEW', 'IN_REVIEW')) as today,
                 (select count(*)::int from product_items i
                   where (select coalesce(sum(l.quantity), 0) from stock_lines l where l.product_item_id = i.id)
                       < (select coalesce(sum(bl.quantity * pb.quantity), 0) from basket_lines bl
                            join product_bundles pb on pb.product_id = bl.product_id where pb.product_item_id = i.id)
                       + (select coalesce(sum((oi.quantity - oi.loaded_quantity) * pb.quantity), 0) from order_items oi
                            join product_bundles pb on pb.product_id = oi.product_id
                           where pb.product_item_id = i.id and oi.status in ('WAITING_FOR_APPROVAL', 'APPROVED',
                             'APPROVED_PARTIALLY', 'WAITING_FOR_WAREHOUSE_OPERATION', 'PREPARING',
                             'PREPARED_WAITING_FOR_LOADING', 'LOADING'))) as over`,
    );
    // Every item status up to LOADING; the loaded ones come with the loading demo.
    expect(figures!.item_statuses).toBeGreaterThanOrEqual(8);
    expect(figures!.baskets).toBe(4);
    // The order screen opens on the last day's orders waiting for review: the demo has some.
    expect(figures!.today).toBeGreaterThan(0);
    expect(figures!.over).toBe(0);
    // The seed writes through the services (and its deliveries release): the counters agree (decision 65).
    expect(await reservationDrift(t.db)).toEqual([]);
  });
});
