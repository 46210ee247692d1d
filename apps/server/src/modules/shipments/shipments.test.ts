import type { City, Shipment, ShipmentContent } from '@mandira/contract/shipments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BURSA,
  buyerStop,
  driver,
  ESKISEHIR,
  type FleetWorld,
  fleetWorld,
  forceShipmentStatus,
  KONYA,
  loadOnto,
  ownWarehouse,
  shipment,
  shipmentBody,
  shipmentSnapshot,
  vehicle,
} from '../../../test/builders/fleet-test-data.ts';
import { countRows } from '../../../test/test-app.ts';
import { ESTIMATE_SPEED_KMH, ROAD_FACTOR } from '../routing/routing.ts';
import { greatCircleMeters } from '../routing/turkish-provinces.ts';

let w: FleetWorld;
beforeAll(async () => {
  w = await fleetWorld();
});
afterAll(() => w.close());

const post = async (overrides = {}) =>
  w.call('POST', '/shipments', await shipmentBody(w, overrides), w.office);
const list = async (url = '/shipments', token = w.office) =>
  (await w.call('GET', url, undefined, token)).json.data as Shipment[];

describe('creating a shipment', () => {
  it('creates it PARKING with an estimated route through the stops, and lists it', async () => {
    const from = await ownWarehouse(w);
    const stop = await buyerStop(w, ESKISEHIR);
    const to = await buyerStop(w, BURSA);
    const car = await vehicle(w, { brand: 'Volvo', model: 'FH', capacityInTons: 20 });
    const man = await driver(w, { name: 'Kemal', surname: 'Aydın' });
    const response = await post({
      shipmentCode: 'svk-2026-001',
      vehicleId: car.id,
      driverId: man.id,
      fromWarehouseId: from,
      intermediateWarehouse1Id: stop,
      toWarehouseId: to,
      description: 'Bursa hattı',
    });
    expect(response.statusCode).toBe(200);
    const created = response.json.data as Shipment;
    const straight =
      greatCircleMeters({ latitude: 39.9334, longitude: 32.8597 }, ESKISEHIR) +
      greatCircleMeters(ESKISEHIR, BURSA);
    expect(created).toMatchObject({
      shipmentCode: 'SVK-2026-001',
      vehicleId: car.id,
      vehicleDescription: `${car.licencePlateCode} · Volvo FH`,
      driverId: man.id,
      driverFullName: 'Kemal Aydın',
      fromWarehouseId: from,
      intermediateWarehouse1Id: stop,
      intermediateWarehouse2Id: null,
      toWarehouseId: to,
      toCity: { plateCode: 16, name: 'Bursa' },
      // Whose depot it goes to, beside the depot itself.
      destination: {
        buyerId: expect.any(Number),
        buyerTitle: expect.any(String),
        buyerCode: expect.any(String),
        code: expect.stringMatching(/^SUBE-/),
        title: 'Şube Deposu',
      },
      totalItemCount: 0,
      loadCount: 0,
      expectedWeightInTons: null,
      loadedWeightInTons: null,
      routeDistance: Math.round(straight * ROAD_FACTOR),
      duration: Math.round((straight * ROAD_FACTOR) / ((ESTIMATE_SPEED_KMH * 1000) / 3600)),
      routeIsEstimate: true,
      routeGeometry: null,
      status: 'PARKING',
      statusDetail: { name: 'PARKING', label: 'Park Halinde' },
      availableActions: [{ name: 'PREPARE_TO_LOAD', label: 'Yüklemeye Hazırla' }],
      description: 'Bursa hattı',
    });
    const depots = (await w.call('GET', '/buyers/warehouses', undefined, w.office)).json.data as {
      id: number;
      buyerId: number;
      buyerTitle: string;
      buyerCode: string;
    }[];
    const depot = depots.find((one) => one.id === to)!;
    expect(created.destination).toMatchObject({
      buyerId: depot.buyerId,
      buyerTitle: depot.buyerTitle,
      buyerCode: depot.buyerCode,
    });
    expect(created.stops.map((one) => [one.kind, one.warehouseId])).toEqual([
      ['FROM', from],
      ['INTERMEDIATE', stop],
      ['TO', to],
    ]);
    expect(created.stops[2]).toMatchObject(BURSA);
    // The list row is the same shipment without its road (decision 110).
    const { routeGeometry: _road, ...row } = created;
    expect((await list()).find((one) => one.id === created.id)).toEqual(row);
  });

  it('gives no route figures when a stop has no coordinates', async () => {
    const response = await post({ toWarehouseId: await buyerStop(w, null) });
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toMatchObject({
      routeDistance: null,
      duration: null,
      routeIsEstimate: false,
      toCity: null,
    });
    const fromUnknown = await post({ fromWarehouseId: await ownWarehouse(w, null) });
    expect(fromUnknown.json.data).toMatchObject({ routeDistance: null, duration: null });
  });

  it('refuses a vehicle or driver already on an open shipment (409), writing nothing', async () => {
    const first = await shipment(w);
    const before = await countRows(w.t, 'shipments');
    const sameVehicle = await post({ vehicleId: first.vehicleId });
    expect(sameVehicle.statusCode).toBe(409);
    expect(sameVehicle.json.error).toMatchObject({ code: 'CONFLICT', field: 'vehicleId' });
    expect(sameVehicle.json.error.message).toContain(first.shipmentCode);
    const sameDriver = await post({ driverId: first.driverId });
    expect(sameDriver.statusCode).toBe(409);
    expect(sameDriver.json.error.field).toBe('driverId');
    expect(await countRows(w.t, 'shipments')).toBe(before);
    // Once delivered, both are free again.
    await forceShipmentStatus(w, first.id, 'DELIVERED');
    expect((await post({ vehicleId: first.vehicleId, driverId: first.driverId })).statusCode).toBe(200);
  });

  it('refuses a driver on vacation and a vehicle that is not AVAILABLE (409)', async () => {
    const onLeave = await driver(w, { status: 'ON_VACATION' });
    const vacation = await post({ driverId: onLeave.id });
    expect(vacation.statusCode).toBe(409);
    expect(vacation.json.error.message).toContain('izinli');
    for (const status of ['IN_MAINTENANCE', 'OUT_OF_SERVICE'] as const) {
      const refused = await post({ vehicleId: (await vehicle(w, { status })).id });
      expect(refused.statusCode).toBe(409);
      expect(refused.json.error.field).toBe('vehicleId');
    }
  });

  it('refuses a shipment code already used (409), ignoring case', async () => {
    await shipment(w, { shipmentCode: 'TEKRAR-1' });
    const again = await post({ shipmentCode: 'tekrar-1' });
    expect(again.statusCode).toBe(409);
    expect(again.json.error).toMatchObject({ code: 'DUPLICATE', field: 'shipmentCode' });
  });

  it('refuses unknown warehouses (404), a buyer stop twice (400) and missing fields (400)', async () => {
    expect((await post({ fromWarehouseId: 999_999 })).json.error.field).toBe('fromWarehouseId');
    expect((await post({ toWarehouseId: 999_999 })).statusCode).toBe(404);
    expect((await post({ vehicleId: 999_999 })).statusCode).toBe(404);
    expect((await post({ driverId: 999_999 })).statusCode).toBe(404);
    const stop = await buyerStop(w);
    const twice = await post({ intermediateWarehouse1Id: stop, toWarehouseId: stop });
    expect(twice.statusCode).toBe(400);
    expect(twice.json.error.field).toBe('toWarehouseId');
    for (const field of ['shipmentCode', 'vehicleId', 'driverId', 'fromWarehouseId', 'toWarehouseId']) {
      const body: Record<string, unknown> = await shipmentBody(w);
      delete body[field];
      const response = await w.call('POST', '/shipments', body, w.office);
      expect(response.statusCode).toBe(400);
      expect(response.json.error.field).toBe(field);
    }
  });
});

describe('editing a shipment', () => {
  it('changes route, vehicle, driver and description while PARKING or PREPARING_TO_LOAD', async () => {
    const sent = await shipment(w);
    const car = await vehicle(w);
    const man = await driver(w);
    const to = await buyerStop(w, KONYA);
    const body = {
      id: sent.id,
      shipmentCode: sent.shipmentCode,
      vehicleId: car.id,
      driverId: man.id,
      fromWarehouseId: sent.fromWarehouseId,
      toWarehouseId: to,
      description: 'Konya',
    };
    const edited = await w.call('PUT', '/shipments', body, w.office);
    expect(edited.statusCode).toBe(200);
    expect(edited.json.data).toMatchObject({
      vehicleId: car.id,
      driverId: man.id,
      toWarehouseId: to,
      toCity: { name: 'Konya' },
    });
    expect(edited.json.data.routeDistance).not.toBe(sent.routeDistance);
    // The old vehicle is free again.
    expect((await post({ vehicleId: sent.vehicleId })).statusCode).toBe(200);
    await forceShipmentStatus(w, sent.id, 'PREPARING_TO_LOAD');
    expect(
      (await w.call('PUT', '/shipments', { ...body, description: 'Hazırlanırken' }, w.office)).statusCode,
    ).toBe(200);
    for (const status of ['LOADING', 'ON_DELIVERY', 'DELIVERED'] as const) {
      await forceShipmentStatus(w, sent.id, status);
      const before = await shipmentSnapshot(w, sent.id);
      const refused = await w.call('PUT', '/shipments', { ...body, description: 'Geç' }, w.office);
      expect(refused.statusCode).toBe(409);
      expect(await shipmentSnapshot(w, sent.id)).toEqual(before);
    }
  });

  it('refuses moving a shipment onto a busy vehicle or a code of another', async () => {
    const a = await shipment(w);
    const b = await shipment(w);
    const body = { ...(await shipmentBody(w)), id: b.id, vehicleId: a.vehicleId };
    expect((await w.call('PUT', '/shipments', body, w.office)).statusCode).toBe(409);
    const code = { ...(await shipmentBody(w)), id: b.id, shipmentCode: a.shipmentCode };
    expect((await w.call('PUT', '/shipments', code, w.office)).json.error.code).toBe('DUPLICATE');
    expect(
      (await w.call('PUT', '/shipments', { ...(await shipmentBody(w)), id: 999_999 }, w.office)).statusCode,
    ).toBe(404);
  });
});

describe('reading shipments', () => {
  it('filters by status and by the destination city', async () => {
    const konya = await shipment(w, { toWarehouseId: await buyerStop(w, KONYA) });
    await forceShipmentStatus(w, konya.id, 'LOADING');
    const loading = await list('/shipments/filter-by-status?status=LOADING');
    expect(loading.map((one) => one.id)).toContain(konya.id);
    expect(loading.every((one) => one.status === 'LOADING')).toBe(true);
    const inKonya = await list('/shipments?cityPlateCode=42');
    expect(inKonya.map((one) => one.id)).toContain(konya.id);
    expect(inKonya.every((one) => one.toCity?.plateCode === 42)).toBe(true);
    expect(
      (await w.call('GET', '/shipments/filter-by-status?status=NOPE', undefined, w.office)).statusCode,
    ).toBe(400);
    expect((await w.call('GET', '/shipments?cityPlateCode=82', undefined, w.office)).statusCode).toBe(400);
  });

  it('serves the 81 provinces with plate codes and coordinates', async () => {
    const cities = (await w.call('GET', '/shipments/cities', undefined, w.office)).json.data as City[];
    expect(cities).toHaveLength(81);
    expect(cities.map((city) => city.plateCode)).toEqual(Array.from({ length: 81 }, (_, i) => i + 1));
    expect(cities.find((city) => city.plateCode === 34)).toMatchObject({ name: 'İstanbul' });
    for (const city of cities) {
      expect(city.latitude).toBeGreaterThan(35.8);
      expect(city.latitude).toBeLessThan(42.2);
      expect(city.longitude).toBeGreaterThan(25.9);
      expect(city.longitude).toBeLessThan(44.9);
    }
  });

  it('gives the content of a shipment: empty at first, then the loaded lines per warehouse', async () => {
    const sent = await shipment(w);
    const empty = (await w.call('GET', `/shipments/${sent.id}/content`, undefined, w.office)).json
      .data as ShipmentContent;
    expect(empty.lines).toEqual([]);
    const itemId = await loadOnto(w, sent.id, { pieces: 60, accepted: false });
    const content = (await w.call('GET', `/shipments/${sent.id}/content`, undefined, w.shipping)).json
      .data as ShipmentContent;
    expect(content.shipment).toMatchObject({
      id: sent.id,
      totalItemCount: 60,
      loadCount: 1,
      expectedWeightInTons: 0.09,
    });
    expect(content.lines).toEqual([
      expect.objectContaining({
        orderItemId: itemId,
        pieces: 60,
        boxes: 10,
        quantityInBox: 6,
        warehouseLoads: [
          {
            warehouseId: expect.any(Number),
            warehouse: 'DEPO1',
            warehouseLabel: 'Depo-1',
            quantity: 60,
            // The builder writes the load record alone, without the lines naming the lots it took.
            lots: [],
          },
        ],
        itemStatusDetail: { name: 'LOADED_TO_TRUCK_FROM_WAREHOUSE', label: 'Araca Yüklendi' },
      }),
    ]);
    expect((await w.call('GET', '/shipments/999999/content', undefined, w.office)).statusCode).toBe(404);
  });
});

describe('access to the shipment calls', () => {
  const calls = [
    ['GET', '/shipments', undefined],
    ['GET', '/shipments/1/content', undefined],
    ['GET', '/shipments/filter-by-status?status=LOADING', undefined],
    ['GET', '/shipments/cities', undefined],
    ['POST', '/shipments', {}],
    ['PUT', '/shipments', {}],
    ['PUT', '/shipments/1/on-action', { action: 'PREPARE_TO_LOAD' }],
    ['PUT', '/shipments/status/loading/1', undefined],
    ['PUT', '/shipments/start-load-check/1', undefined],
    ['PUT', '/shipments/start-delivery/1', undefined],
    ['PUT', '/shipments/complete-delivery/1', undefined],
  ] as const;

  it.each(calls)('%s %s answers 401 without a token', async (method, url, payload) => {
    const response = await w.t.call(undefined, {
      method,
      url: `/api${url}`,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(401);
  });

  it.each(calls)('%s %s answers 403 to the order manager', async (method, url, payload) => {
    expect((await w.call(method, url, payload, w.manager)).statusCode).toBe(403);
  });

  it('lets the shipping staff read the list and content, and nothing more', async () => {
    const sent = await shipment(w);
    expect((await w.call('GET', '/shipments', undefined, w.shipping)).statusCode).toBe(200);
    expect((await w.call('GET', '/shipments/cities', undefined, w.shipping)).statusCode).toBe(200);
    expect((await w.call('GET', `/shipments/${sent.id}/content`, undefined, w.shipping)).statusCode).toBe(
      200,
    );
    const act = await w.call(
      'PUT',
      `/shipments/${sent.id}/on-action`,
      { action: 'PREPARE_TO_LOAD' },
      w.shipping,
    );
    expect(act.statusCode).toBe(403);
    expect((await w.call('POST', '/shipments', await shipmentBody(w), w.shipping)).statusCode).toBe(403);
  });

  it('lets the warehouse staff find the shipments being loaded', async () => {
    expect(
      (await w.call('GET', '/shipments/filter-by-status?status=LOADING', undefined, w.warehouse)).statusCode,
    ).toBe(200);
    expect((await w.call('GET', '/shipments', undefined, w.warehouse)).statusCode).toBe(403);
  });

  it('answers 400 to bad ids and bodies', async () => {
    expect((await w.call('GET', '/shipments/abc/content', undefined, w.office)).statusCode).toBe(400);
    expect(
      (await w.call('PUT', '/shipments/0/on-action', { action: 'PREPARE_TO_LOAD' }, w.office)).statusCode,
    ).toBe(400);
    expect((await w.call('PUT', '/shipments/1/on-action', { action: 'FLY' }, w.office)).statusCode).toBe(400);
    expect((await w.call('PUT', '/shipments/status/loading/x', undefined, w.office)).statusCode).toBe(400);
    expect((await w.call('PUT', '/shipments', { shipmentCode: 'X' }, w.office)).statusCode).toBe(400);
  });
});
