import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MILK_API, milkRowCounts } from '../../test/builders/milk-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedMilkDemo } from './milk.demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedMilkDemo(t.db);
});
afterAll(() => t.close());

describe('milk demo data', () => {
  it('has a handful of vehicles and drivers and three months of morning and evening deliveries', async () => {
    const counts = await milkRowCounts(t);
    expect(counts.vehicles).toBe(5);
    expect(counts.drivers).toBe(6);
    expect(counts.deliveries).toBeGreaterThan(5 * 2 * 85);
    expect(counts.deliveries).toBeLessThanOrEqual(5 * 2 * 92);
  });

  it('never loads a vehicle beyond its tanks, and fills the last week’s figures', async () => {
    const token = await t.tokenWithRoles(['ORDER_MANAGER']);
    const get = async (url: string) =>
      (await t.call(token, { method: 'GET', url: `${MILK_API}${url}` })).json.data;
    const vehicles: { id: number; totalVolume: number }[] = await get('/vehicles');
    const deliveries: {
      milkVehicleId: number;
      deliveredCowMilkVolume: number;
      deliveredSheepMilkVolume: number;
      deliveredGoatMilkVolume: number;
      deliveryDateTime: string;
    }[] = await get('/deliveries');
    for (const delivery of deliveries) {
      const capacity = vehicles.find((vehicle) => vehicle.id === delivery.milkVehicleId)!.totalVolume;
      const load =
        delivery.deliveredCowMilkVolume +
        delivery.deliveredSheepMilkVolume +
        delivery.deliveredGoatMilkVolume;
      expect(load).toBeLessThanOrEqual(capacity);
      expect(Date.parse(delivery.deliveryDateTime)).toBeLessThanOrEqual(Date.now());
    }
    const today = istanbulDate(new Date());
    const summary = await get(`/summary?from=${addDays(today, -6)}&to=${today}`);
    expect(summary.totals.deliveryCount).toBeGreaterThan(0);
    expect(summary.totals.cowMilkVolume).toBeGreaterThan(summary.totals.sheepMilkVolume);
  });
});
