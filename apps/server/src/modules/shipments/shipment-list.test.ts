import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import type { Shipment, ShipmentContent, ShipmentPage } from '@mandira/contract/shipments';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyerStop,
  type FleetWorld,
  fleetWorld,
  forceShipmentStatus,
  KONYA,
  shipment,
} from '../../../test/builders/fleet-test-data.ts';
import { expectStatusDayRecountAgrees } from '../../../test/status-day-recount.ts';
import { SHIPMENT_DAY_COUNTS } from './kept-figures.ts';

/** `GET /shipments`: paged and filtered in SQL; unpaged, bounded (docs/decisions/0110-shipment-list-pages-filters-sql-unpaged-bounded.md). */

let w: FleetWorld;
beforeAll(async () => {
  w = await fleetWorld();
});
afterAll(() => w.close());

const get = (url: string, token = w.office) => w.call('GET', url, undefined, token);
const page = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  return response.json.data as ShipmentPage;
};
const list = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  return response.json.data as Shipment[];
};
const codes = (shipments: readonly Shipment[]) => shipments.map((one) => one.shipmentCode);
const ageBy = (id: number, days: number) =>
  w.t.db.execute(sql`update shipments set created_at = now() - make_interval(days => ${days}::int)
                      where id = ${id}`);
const today = () => istanbulDate(new Date());

describe('the shipment list', () => {
  let made: Shipment[];
  let konya: Shipment;
  beforeAll(async () => {
    made = [];
    for (let index = 0; index < 4; index++) made.push(await shipment(w));
    konya = await shipment(w, { toWarehouseId: await buyerStop(w, KONYA) });
    made.push(konya);
  });

  it('pages newest first with the count of every matching shipment', async () => {
    const first = await page('/shipments?page=1&size=2');
    expect(first).toMatchObject({ page: 1, size: 2, count: 5, totalPages: 3 });
    expect(codes(first.shipments)).toEqual(codes([made[4]!, made[3]!]));
    const last = await page('/shipments?page=3&size=2');
    expect(codes(last.shipments)).toEqual([made[0]!.shipmentCode]);
    // A page past the end is empty, not an error.
    expect((await page('/shipments?page=9&size=2')).shipments).toEqual([]);
    // `size` alone pages from the first page.
    expect(await page('/shipments?size=4')).toMatchObject({ page: 1, size: 4, count: 5, totalPages: 2 });
  });

  it('filters by status, vehicle, buyer, destination city and creation day', async () => {
    const target = made[1]!;
    await forceShipmentStatus(w, target.id, 'LOADING');
    const loading = await page('/shipments?status=LOADING&page=1&size=10');
    expect(loading.count).toBe(1);
    expect(loading.shipments[0]).toMatchObject({ id: target.id, status: 'LOADING' });

    const byVehicle = await page(`/shipments?vehicleId=${made[2]!.vehicleId}&page=1&size=10`);
    expect(codes(byVehicle.shipments)).toEqual([made[2]!.shipmentCode]);

    const byBuyer = await list(`/shipments?buyerId=${made[3]!.destination.buyerId}`);
    expect(codes(byBuyer)).toEqual([made[3]!.shipmentCode]);

    const inKonya = await page('/shipments?cityPlateCode=42&page=1&size=10');
    expect(inKonya).toMatchObject({ count: 1, shipments: [{ id: konya.id, toCity: { plateCode: 42 } }] });

    await ageBy(made[0]!.id, 10);
    const tenDaysAgo = addDays(today(), -10);
    const thatDay = await page(`/shipments?from=${tenDaysAgo}&to=${tenDaysAgo}&page=1&size=10`);
    expect(codes(thatDay.shipments)).toEqual([made[0]!.shipmentCode]);
    const sinceYesterday = await page(`/shipments?from=${addDays(today(), -1)}&page=1&size=10`);
    expect(sinceYesterday.count).toBe(4);
    expect(sinceYesterday.shipments.map((one) => one.id)).not.toContain(made[0]!.id);
    // A status, days or both are counted from the kept row of each status and day (decision 192): the
    // changes above moved them at their commits, and a recount from scratch agrees.
    expect(thatDay.count).toBe(1);
    expect((await page(`/shipments?status=LOADING&from=${addDays(today(), -1)}&page=1`)).count).toBe(1);
    expect((await page(`/shipments?status=LOADING&to=${tenDaysAgo}&page=1`)).count).toBe(0);
    await expectStatusDayRecountAgrees(w.t.db, SHIPMENT_DAY_COUNTS);
  });

  it('leaves the route geometry out of the list rows; the content of one shipment carries it', async () => {
    const road: [number, number][] = [
      [39.93, 32.85],
      [39.8, 30.5],
    ];
    const target = made[2]!;
    await w.t.db.execute(
      sql`update shipments set route_geometry = ${JSON.stringify(road)}::jsonb, route_is_estimate = false
           where id = ${target.id}`,
    );
    for (const row of [
      ...(await list('/shipments')),
      ...(await page('/shipments?page=1&size=10')).shipments,
    ]) {
      expect(row).not.toHaveProperty('routeGeometry');
      expect(row).toHaveProperty('routeDistance');
    }
    const content = await get(`/shipments/${target.id}/content`);
    expect((content.json.data as ShipmentContent).shipment.routeGeometry).toEqual(road);
  });

  it('answers bad paging and filters with 400 on the field', async () => {
    const cases: [string, string][] = [
      ['/shipments?page=0&size=10', 'page'],
      ['/shipments?page=1&size=501', 'size'],
      ['/shipments?status=FLYING', 'status'],
      ['/shipments?vehicleId=abc', 'vehicleId'],
      ['/shipments?buyerId=-1', 'buyerId'],
      ['/shipments?from=2026-13-01', 'from'],
      [`/shipments?from=${today()}&to=${addDays(today(), -1)}`, 'to'],
    ];
    for (const [url, field] of cases) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json.error.field, url).toBe(field);
    }
  });
});

describe('the unpaged list', () => {
  it('holds the open shipments and those of the last 30 days; a date range or a page reaches older ones', async () => {
    const openOld = await shipment(w);
    const deliveredOld = await shipment(w);
    const deliveredRecent = await shipment(w);
    await forceShipmentStatus(w, deliveredOld.id, 'DELIVERED');
    await forceShipmentStatus(w, deliveredRecent.id, 'DELIVERED');
    await ageBy(openOld.id, 40);
    await ageBy(deliveredOld.id, 40);
    await ageBy(deliveredRecent.id, 29);

    const ids = (await list('/shipments')).map((one) => one.id);
    expect(ids).toContain(openOld.id);
    expect(ids).toContain(deliveredRecent.id);
    expect(ids).not.toContain(deliveredOld.id);

    const fortyDaysAgo = addDays(today(), -40);
    const inRange = await list(`/shipments?from=${fortyDaysAgo}&to=${fortyDaysAgo}`);
    expect(inRange.map((one) => one.id).sort()).toEqual([openOld.id, deliveredOld.id].sort());

    const all = await page('/shipments?page=1&size=500');
    expect(all.shipments.map((one) => one.id)).toContain(deliveredOld.id);
    expect(all.count).toBe(ids.length + 1);
  });
});
