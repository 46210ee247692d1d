import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Shipment } from '@mandira/contract/shipments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANKARA,
  BURSA,
  buyerStop,
  ESKISEHIR,
  type FleetWorld,
  fleetWorld,
  ownWarehouse,
  shipmentBody,
} from '../../../test/builders/fleet-test-data.ts';
import { estimateRoute, routeOf } from './routing.ts';

/** A fake OSRM on loopback: answers every route with fixed figures, or fails when told to. */
let router: Server;
let routerUrl: string;
let mode: 'ok' | 'error' | 'no-route' = 'ok';
const asked: string[] = [];

beforeAll(async () => {
  router = createServer((request, response) => {
    asked.push(request.url ?? '');
    if (mode === 'error') {
      response.writeHead(500).end('boom');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        mode === 'no-route'
          ? { code: 'NoRoute', routes: [] }
          : {
              code: 'Ok',
              routes: [
                {
                  distance: 412_345.6,
                  duration: 17_890.4,
                  geometry: {
                    type: 'LineString',
                    coordinates: [
                      [32.86, 39.93],
                      [31.0, 39.8],
                      [29.06, 40.19],
                    ],
                  },
                },
              ],
            },
      ),
    );
  });
  await new Promise<void>((resolve) => router.listen(0, '127.0.0.1', resolve));
  routerUrl = `http://127.0.0.1:${(router.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => router.close(() => resolve())));

describe('route figures with a routing service (ROUTING_URL)', () => {
  let w: FleetWorld;
  beforeAll(async () => {
    w = await fleetWorld({ ROUTING_URL: `${routerUrl}/` });
  });
  afterAll(() => w.close());

  const create = async (stops: object = {}) => {
    const response = await w.call('POST', '/shipments', await shipmentBody(w, stops), w.office);
    expect(response.statusCode, response.body).toBe(200);
    return response.json.data as Shipment;
  };

  it("takes the service's distance, duration and road, asking through every stop in order", async () => {
    mode = 'ok';
    asked.length = 0;
    const from = await ownWarehouse(w, ANKARA);
    const stop = await buyerStop(w, ESKISEHIR);
    const to = await buyerStop(w, BURSA);
    const created = await create({
      fromWarehouseId: from,
      intermediateWarehouse2Id: stop,
      toWarehouseId: to,
    });
    expect(asked).toEqual([
      `/route/v1/driving/${ANKARA.longitude},${ANKARA.latitude};${ESKISEHIR.longitude},${ESKISEHIR.latitude};${BURSA.longitude},${BURSA.latitude}?overview=simplified&geometries=geojson`,
    ]);
    expect(created).toMatchObject({
      routeDistance: 412_346,
      duration: 17_890,
      routeIsEstimate: false,
      routeGeometry: [
        [39.93, 32.86],
        [39.8, 31.0],
        [40.19, 29.06],
      ],
    });
    expect(created.stops.map((one) => [one.latitude, one.longitude])).toEqual([
      [ANKARA.latitude, ANKARA.longitude],
      [ESKISEHIR.latitude, ESKISEHIR.longitude],
      [BURSA.latitude, BURSA.longitude],
    ]);
  });

  it('falls back to the estimate when the service fails or finds no route', async () => {
    for (const failing of ['error', 'no-route'] as const) {
      mode = failing;
      const created = await create();
      expect(created.routeIsEstimate).toBe(true);
      expect(created.routeDistance).toBeGreaterThan(0);
      expect(created.routeGeometry).toBeNull();
    }
    mode = 'ok';
  });

  it('does not ask the service when a stop has no coordinates', async () => {
    asked.length = 0;
    const created = await create({ toWarehouseId: await buyerStop(w, null) });
    expect(asked).toEqual([]);
    expect(created).toMatchObject({ routeDistance: null, duration: null, routeGeometry: null });
  });

  it('computes the route again when a shipment is edited', async () => {
    mode = 'ok';
    const created = await create();
    mode = 'error';
    const body = {
      ...(await shipmentBody(w)),
      id: created.id,
      vehicleId: created.vehicleId,
      driverId: created.driverId,
    };
    const edited = await w.call('PUT', '/shipments', body, w.office);
    expect(edited.json.data.routeIsEstimate).toBe(true);
    mode = 'ok';
  });
});

describe('the estimate', () => {
  it('is the great-circle distance × 1.3 at 60 km/h', () => {
    // Ankara → Eskişehir is some 200 km in a straight line.
    const figures = estimateRoute([ANKARA, ESKISEHIR]);
    expect(figures.distanceInMeters! / 1.3 / 1000).toBeCloseTo(200.4, 0);
    expect(figures.durationInSeconds).toBe(Math.round(figures.distanceInMeters! / (60_000 / 3600)));
    expect(figures.isEstimate).toBe(true);
  });

  it('gives nothing for a missing coordinate or a single stop', async () => {
    const settings = { routingUrl: undefined };
    expect(
      (await routeOf([ANKARA, { latitude: null, longitude: null }], settings)).distanceInMeters,
    ).toBeNull();
    expect((await routeOf([ANKARA], settings)).distanceInMeters).toBeNull();
  });
});
