import { MILK_DELIVERIES_UNPAGED_LIMIT, type MilkDelivery } from '@mandira/contract/milk';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDriver, createVehicle, MILK_API } from '../../../test/builders/milk-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rowsOf } from '../../db/client.ts';

let t: TestApp;
let token: string;
/** Deliveries spread over the century, one every 17 days or so: more than an unpaged answer holds. */
const DELIVERIES = MILK_DELIVERIES_UNPAGED_LIMIT + 150;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenWithRoles(['ORDER_MANAGER']);
  const vehicle = await createVehicle(t, token);
  const driver = await createDriver(t, token);
  await t.db.execute(
    sql`insert into milk_deliveries (milk_vehicle_id, milk_vehicle_driver_id, delivered_cow_milk_volume, delivery_date_time)
        select ${vehicle.id}, ${driver.id}, g, '2000-01-01T06:00:00+03:00'::timestamptz + make_interval(days => g * 17)
          from generate_series(1, ${DELIVERIES}) g`,
  );
});
afterAll(() => t.close());

const get = (query: string) => t.call(token, { method: 'GET', url: `${MILK_API}/deliveries${query}` });

describe('milk deliveries asked for a century unpaged (decision 149)', () => {
  it('answer the newest MILK_DELIVERIES_UNPAGED_LIMIT, saying how many matched and where it was cut', async () => {
    const response = await get('?from=2000-01-01&to=2100-12-31');
    expect(response.statusCode).toBe(200);
    const deliveries = response.json.data as MilkDelivery[];
    expect(deliveries).toHaveLength(MILK_DELIVERIES_UNPAGED_LIMIT);
    expect(response.headers['x-total-count']).toBe(String(DELIVERIES));
    expect(response.headers['x-unpaged-limit']).toBe(String(MILK_DELIVERIES_UNPAGED_LIMIT));
    const newest = await rowsOf<{ id: number }>(
      t.db,
      sql`select id from milk_deliveries order by delivery_date_time desc, id desc limit ${MILK_DELIVERIES_UNPAGED_LIMIT}`,
    );
    expect(deliveries.map((row) => row.id)).toEqual(newest.map((row) => row.id));
  });

  it('answer a range within the limit whole, with its count and no cut header', async () => {
    const response = await get('?from=2000-01-01&to=2004-12-31');
    expect(response.statusCode).toBe(200);
    const count = response.json.data.length;
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(MILK_DELIVERIES_UNPAGED_LIMIT);
    expect(response.headers['x-total-count']).toBe(String(count));
    expect(response.headers['x-unpaged-limit']).toBeUndefined();
  });

  it('page through every delivery, a page past the end empty with the count', async () => {
    const past = await get('?page=2147483647&size=500');
    expect(past.statusCode).toBe(200);
    expect(past.json.data).toMatchObject({
      deliveries: [],
      count: DELIVERIES,
      totalPages: Math.ceil(DELIVERIES / 500),
    });
    const last = await get(`?page=${Math.ceil(DELIVERIES / 500)}&size=500`);
    expect(last.json.data.deliveries).toHaveLength(DELIVERIES % 500);
    expect((await get('?page=1&size=501')).statusCode).toBe(400);
  });
});
