import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../db/client.ts';
import { seedBuyersDemo } from './buyers.demo.ts';
import { seedDemoUsers } from './demo-users.ts';
import { seedProductsDemo } from './products.demo.ts';
import { seedShipmentsDemo } from './shipments.demo.ts';
import { seedStockDemo } from './stock.demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoUsers(t.db);
  await seedProductsDemo(t.db);
  await seedStockDemo(t.db);
  await seedBuyersDemo(t.db);
  await seedShipmentsDemo(t.db);
}, 240_000);
afterAll(() => t.close());

describe('the shipments demo data', () => {
  it('has a dozen vehicles and drivers and shipments parked, preparing and loading, with routes', async () => {
    const [counts] = await rowsOf<{ vehicles: number; drivers: number; assigned: number; vacation: number }>(
      t.db,
      sql`select (select count(*)::int from vehicles) as vehicles, (select count(*)::int from drivers) as drivers,
                 (select count(distinct vehicle_id)::int from vehicle_drivers) as assigned,
                 (select count(*)::int from drivers where status = 'ON_VACATION') as vacation`,
    );
    expect(counts).toEqual({ vehicles: 12, drivers: 12, assigned: 12, vacation: 2 });
    const shipments = await rowsOf<{ status: string; count: number; routed: number }>(
      t.db,
      sql`select status, count(*)::int as count, count(route_distance_in_meters)::int as routed
            from shipments group by status order by status`,
    );
    expect(shipments).toEqual([
      { status: 'LOADING', count: 3, routed: 3 },
      { status: 'PARKING', count: 2, routed: 2 },
      { status: 'PREPARING_TO_LOAD', count: 2, routed: 2 },
    ]);
    const admin = await t.adminToken();
    const listed = await t.call(admin, { method: 'GET', url: '/api/shipments' });
    expect(listed.json.data).toHaveLength(7);
    const available = await t.call(admin, { method: 'GET', url: '/api/shipments/availableVehicles' });
    // 12 lorries, 7 on shipments, 1 in maintenance.
    expect(available.json.data).toHaveLength(4);
  });
});
