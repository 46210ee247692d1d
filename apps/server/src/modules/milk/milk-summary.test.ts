import { istanbulDate, istanbulWeek } from '@mandira/contract/istanbul-time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDelivery,
  createDriver,
  createVehicle,
  MILK_API,
} from '../../../test/builders/milk-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const URL = `${MILK_API}/summary`;
let t: TestApp;
let token: string;
let truck: { id: number; licencePlateCode: string };
let tanker: { id: number; licencePlateCode: string };
let ali: { id: number };
let zeynep: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenWithRoles(['ORDER_MANAGER']);
  truck = await createVehicle(t, token);
  tanker = await createVehicle(t, token);
  ali = await createDriver(t, token, { name: 'Ali', surname: 'Kaya' });
  zeynep = await createDriver(t, token, { name: 'Zeynep', surname: 'Ak' });
  const deliver = (
    deliveryDateTime: string,
    milkVehicleId: number,
    milkVehicleDriverId: number,
    [cow, sheep, goat]: [number, number, number],
  ) =>
    createDelivery(t, token, {
      milkVehicleId,
      milkVehicleDriverId,
      deliveredCowMilkVolume: cow,
      deliveredSheepMilkVolume: sheep,
      deliveredGoatMilkVolume: goat,
      deliveryDateTime,
    });
  await deliver('2026-08-31T23:59', truck.id, ali.id, [999, 0, 0]); // before the range
  await deliver('2026-09-01T06:30', truck.id, ali.id, [1000.5, 200, 50]);
  await deliver('2026-09-01T18:30', tanker.id, zeynep.id, [800, 100.3, 0]);
  // Just after midnight in Istanbul, still 1 September in UTC: counted on the 2nd.
  await deliver('2026-09-02T00:15', truck.id, zeynep.id, [10, 0, 0.2]);
  await deliver('2026-09-04T06:30', tanker.id, ali.id, [0, 0, 30]);
  await deliver('2026-09-08T00:00', tanker.id, ali.id, [555, 0, 0]); // after the range
});
afterAll(() => t.close());

const summary = async (query: string) => {
  const response = await t.call(token, { method: 'GET', url: `${URL}${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json.data;
};

const volumes = (cow: number, sheep: number, goat: number, deliveryCount: number) => ({
  cowMilkVolume: cow,
  sheepMilkVolume: sheep,
  goatMilkVolume: goat,
  totalVolume: Math.round((cow + sheep + goat) * 10) / 10,
  deliveryCount,
});

describe('GET /production/milk-delivery/summary', () => {
  it('sums litres per Istanbul day and milk type, with the days without deliveries as zero', async () => {
    const data = await summary('?from=2026-09-01&to=2026-09-07');
    expect(data.from).toBe('2026-09-01');
    expect(data.to).toBe('2026-09-07');
    expect(data.totals).toEqual(volumes(1810.5, 300.3, 80.2, 4));
    expect(data.daily).toEqual([
      { date: '2026-09-01', ...volumes(1800.5, 300.3, 50, 2) },
      { date: '2026-09-02', ...volumes(10, 0, 0.2, 1) },
      { date: '2026-09-03', ...volumes(0, 0, 0, 0) },
      { date: '2026-09-04', ...volumes(0, 0, 30, 1) },
      { date: '2026-09-05', ...volumes(0, 0, 0, 0) },
      { date: '2026-09-06', ...volumes(0, 0, 0, 0) },
      { date: '2026-09-07', ...volumes(0, 0, 0, 0) },
    ]);
  });

  it('sums per vehicle and per driver, largest first', async () => {
    const data = await summary('?from=2026-09-01&to=2026-09-07');
    expect(data.byVehicle).toEqual([
      { milkVehicleId: truck.id, licencePlateCode: truck.licencePlateCode, ...volumes(1010.5, 200, 50.2, 2) },
      { milkVehicleId: tanker.id, licencePlateCode: tanker.licencePlateCode, ...volumes(800, 100.3, 30, 2) },
    ]);
    expect(data.byDriver).toEqual([
      { milkVehicleDriverId: ali.id, driverFullName: 'Ali Kaya', ...volumes(1000.5, 200, 80, 2) },
      { milkVehicleDriverId: zeynep.id, driverFullName: 'Zeynep Ak', ...volumes(810, 100.3, 0.2, 2) },
    ]);
  });

  it('narrows the figures to one vehicle or one driver', async () => {
    const byTanker = await summary(`?from=2026-09-01&to=2026-09-07&milkVehicleId=${tanker.id}`);
    expect(byTanker.totals).toEqual(volumes(800, 100.3, 30, 2));
    const byZeynep = await summary(`?from=2026-09-01&to=2026-09-07&milkVehicleDriverId=${zeynep.id}`);
    expect(byZeynep.totals).toEqual(volumes(810, 100.3, 0.2, 2));
    expect(byZeynep.byDriver).toHaveLength(1);
  });

  it('covers this week, Monday to Sunday, when no range is given', async () => {
    const today = await createDelivery(t, token, {
      milkVehicleId: truck.id,
      milkVehicleDriverId: ali.id,
      deliveredCowMilkVolume: 42,
    });
    const data = await summary('');
    expect({ from: data.from, to: data.to }).toEqual(istanbulWeek());
    expect(new Date(`${data.from}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(data.daily).toHaveLength(7);
    expect(data.totals).toEqual(volumes(42, 0, 0, 1));
    const day = data.daily.find(
      (row: { date: string }) => row.date === istanbulDate(new Date(today.deliveryDateTime)),
    );
    expect(day.cowMilkVolume).toBe(42);
  });

  it('makes a week of one given end', async () => {
    expect(await summary('?from=2026-09-01')).toMatchObject({ from: '2026-09-01', to: '2026-09-07' });
    expect(await summary('?to=2026-09-07')).toMatchObject({ from: '2026-09-01', to: '2026-09-07' });
  });

  it.each([
    ['?from=2026-01-01&to=2027-06-01', 'Bitiş tarihi: Tarih aralığı en fazla 366 gün olabilir.'],
    ['?from=2026-09-07&to=2026-09-01', 'Bitiş tarihi başlangıç tarihinden önce olamaz.'],
    ['?from=01.09.2026', 'Başlangıç tarihi: Geçerli bir tarih giriniz (YYYY-AA-GG).'],
  ])('refuses %s with 400', async (query, message) => {
    const response = await t.call(token, { method: 'GET', url: `${URL}${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json.error.message).toBe(message);
  });

  it('asks for a token (401) and for the milk delivery privilege (403)', async () => {
    expect((await t.call(undefined, { method: 'GET', url: URL })).statusCode).toBe(401);
    const secretary = await t.tokenWithRoles(['SECRETARY']);
    expect((await t.call(secretary, { method: 'GET', url: URL })).statusCode).toBe(403);
  });
});
