import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type { MilkDelivery, MilkDeliveryPage } from '@mandira/contract/milk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDelivery,
  createDriver,
  createVehicle,
  MILK_API,
} from '../../../test/builders/milk-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const URL = `${MILK_API}/deliveries`;
const today = istanbulDate(new Date());
let t: TestApp;
let token: string;
/** Deliveries at noon of today, 29, 30 and 200 days ago. */
const agoes = [0, 29, 30, 200];

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenWithRoles(['ORDER_MANAGER']);
  const vehicle = await createVehicle(t, token);
  const driver = await createDriver(t, token);
  for (const ago of agoes) {
    await createDelivery(t, token, {
      milkVehicleId: vehicle.id,
      milkVehicleDriverId: driver.id,
      deliveredCowMilkVolume: 1000 + ago,
      deliveredSheepMilkVolume: 0,
      deliveredGoatMilkVolume: 0,
      deliveryDateTime: `${addDays(today, -ago)}T${ago === 0 ? '00:30' : '12:00'}`,
    });
  }
});
afterAll(() => t.close());

const get = (query: string) => t.call(token, { method: 'GET', url: `${URL}${query}` });
const litres = (deliveries: MilkDelivery[]) => deliveries.map((d) => d.deliveredCowMilkVolume);

describe('milk deliveries without a range (decision 111)', () => {
  it('answers the last 30 days when no start is asked, and names them in a header', async () => {
    const response = await get('');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-default-range']).toBe(`${addDays(today, -29)}..${today}`);
    expect(litres(response.json.data)).toEqual([1000, 1029]);

    const upTo = await get(`?to=${addDays(today, -1)}`);
    expect(upTo.headers['x-default-range']).toBe(`${addDays(today, -30)}..${addDays(today, -1)}`);
    expect(litres(upTo.json.data)).toEqual([1029, 1030]);
  });

  it('answers the range asked for whole, without the header', async () => {
    const response = await get(`?from=${addDays(today, -365)}&to=${today}`);
    expect(response.headers['x-default-range']).toBeUndefined();
    expect(litres(response.json.data)).toEqual([1000, 1029, 1030, 1200]);
  });

  it('pages through every delivery in SQL, newest first, when paging is asked', async () => {
    const pages: MilkDeliveryPage[] = [];
    for (const page of [1, 2]) {
      const response = await get(`?page=${page}&size=3`);
      expect(response.headers['x-default-range']).toBeUndefined();
      pages.push(response.json.data);
    }
    expect(pages.map((p) => [p.count, p.totalPages])).toEqual([
      [4, 2],
      [4, 2],
    ]);
    expect(pages.flatMap((p) => litres(p.deliveries))).toEqual([1000, 1029, 1030, 1200]);
  });
});
