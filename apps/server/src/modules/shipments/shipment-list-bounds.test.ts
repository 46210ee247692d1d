import { SHIPMENT_UNPAGED_LIMIT, type Shipment } from '@mandira/contract/shipments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveredShipments, type FleetWorld, fleetWorld } from '../../../test/builders/fleet-test-data.ts';

let w: FleetWorld;
const COPIES = SHIPMENT_UNPAGED_LIMIT + 40;
let newestId: number;

beforeAll(async () => {
  w = await fleetWorld();
  newestId = await deliveredShipments(w, COPIES);
});
afterAll(() => w.close());

const get = (url: string) => w.call('GET', url, undefined, w.office);
const ids = (rows: Shipment[]) => rows.map((row) => row.id);

describe('unpaged shipment lists (decision 149)', () => {
  it('answer the newest SHIPMENT_UNPAGED_LIMIT of a wide range, with the count and the cut in headers', async () => {
    const response = await get('/shipments?from=2000-01-01&to=2100-12-31');
    expect(response.statusCode).toBe(200);
    const rows = response.json.data as Shipment[];
    expect(rows).toHaveLength(SHIPMENT_UNPAGED_LIMIT);
    expect(rows[0]!.id).toBe(newestId);
    expect(response.headers['x-total-count']).toBe(String(COPIES + 1));
    expect(response.headers['x-unpaged-limit']).toBe(String(SHIPMENT_UNPAGED_LIMIT));
    // Without a range the last 30 days are fewer than the limit: whole, with their count.
    const recent = await get('/shipments');
    expect(recent.headers['x-total-count']).toBe(String(recent.json.data.length));
    expect(recent.headers['x-unpaged-limit']).toBeUndefined();
  });

  it('bound the list of a status that grows (DELIVERED) the same way', async () => {
    const response = await get('/shipments/filter-by-status?status=DELIVERED');
    expect(response.statusCode).toBe(200);
    expect(response.json.data).toHaveLength(SHIPMENT_UNPAGED_LIMIT);
    expect(response.headers['x-total-count']).toBe(String(COPIES + 1));
    const paged = await get(`/shipments?status=DELIVERED&page=1&size=${SHIPMENT_UNPAGED_LIMIT / 4}`);
    expect(ids(response.json.data).slice(0, SHIPMENT_UNPAGED_LIMIT / 4)).toEqual(
      ids(paged.json.data.shipments),
    );
  });

  it('answer a page past the end empty, with the count', async () => {
    const past = await get('/shipments?page=2147483647&size=500');
    expect(past.statusCode).toBe(200);
    expect(past.json.data).toMatchObject({ shipments: [], count: COPIES + 1 });
  });
});
