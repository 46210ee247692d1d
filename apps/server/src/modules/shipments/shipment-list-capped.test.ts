import { COUNT_LIMIT } from '@mandira/contract/paging';
import { ShipmentListQuery, type ShipmentPage } from '@mandira/contract/shipments';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveredShipments, type FleetWorld, fleetWorld } from '../../../test/builders/fleet-test-data.ts';
import { rowsRead } from '../../../test/rows-read.ts';
import { findShipments } from './shipment.repo.ts';
import { statusIs } from './shipment-list.repo.ts';
import { listShipments } from './shipment-list.service.ts';

let w: FleetWorld;
const SETTINGS = { weighbridgeTolerancePercent: 10 };
/** More delivered shipments than a count goes to: years of a busy dairy's. */
const COPIES = COUNT_LIMIT + 200;

beforeAll(async () => {
  w = await fleetWorld();
  await deliveredShipments(w, COPIES);
}, 60_000);
afterAll(() => w.close());

const get = (url: string) => w.call('GET', url, undefined, w.office);

describe('shipment counts that stop at 10.000 (decisions 149 and 162)', () => {
  it('answers a page with count 10.000 and countCapped, and nothing beyond the newest 10.000', async () => {
    const first = await get('/shipments?status=DELIVERED&page=1&size=50');
    expect(first.json.data).toMatchObject({
      count: COUNT_LIMIT,
      countCapped: true,
      totalPages: COUNT_LIMIT / 50,
    });
    expect(first.json.data.shipments).toHaveLength(50);
    const last = await get(`/shipments?status=DELIVERED&page=${COUNT_LIMIT / 50}&size=50`);
    expect(last.json.data.shipments).toHaveLength(50);
    const beyond = await get(`/shipments?status=DELIVERED&page=${COUNT_LIMIT / 50 + 1}&size=50`);
    expect(beyond.json.data).toMatchObject({ shipments: [], count: COUNT_LIMIT, countCapped: true });
    // A count that stayed under the limit is exact, as before.
    const few = await get('/shipments?from=2000-01-01&to=2100-12-31&status=PREPARING_TO_LOAD&page=1');
    expect(few.json.data.countCapped).toBeUndefined();
  });

  it('says an unpaged count stopped, in X-Total-Count-Capped', async () => {
    const response = await get('/shipments/filter-by-status?status=DELIVERED');
    expect(response.headers['x-total-count']).toBe(String(COUNT_LIMIT));
    expect(response.headers['x-total-count-capped']).toBe('true');
  });

  it('reads each page from the day its first shipment was made on: the same rows as a walk from the newest (decision 195)', async () => {
    // Six shipments a day: pages of 50 (and of 7) start inside days and run over several.
    const walked = async (status: string | undefined, limit: number, offset: number) =>
      (await findShipments(w.t.db, status ? statusIs(status) : sql`true`, SETTINGS, { limit, offset })).map(
        (s) => s.id,
      );
    for (const [status, page, size] of [
      ['DELIVERED', 1, 50],
      ['DELIVERED', 2, 50],
      ['DELIVERED', 37, 7],
      [undefined, 150, 50],
      ['DELIVERED', COUNT_LIMIT / 50, 50],
    ] as const) {
      const answer = (await listShipments(
        w.t.db,
        ShipmentListQuery.parse({ ...(status && { status }), page, size }),
        SETTINGS,
      )) as ShipmentPage;
      expect(answer.shipments.map((s) => s.id)).toEqual(await walked(status, size, (page - 1) * size));
    }
  });

  it.skipIf(!(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL))(
    'reads a deep page from its day, not every shipment above it (PostgreSQL, decision 195)',
    async () => {
      const { tableRows, indexEntries, answer } = await rowsRead(w.t.db, (db) =>
        listShipments(db, ShipmentListQuery.parse({ status: 'DELIVERED', page: 180, size: 50 }), SETTINGS),
      );
      expect((answer as ShipmentPage).shipments).toHaveLength(50);
      // The kept day rows (one per status and day, ~1,700, each a row and an index entry) and the page's
      // own rows with their lookups: measured 1,905 and 1,905. Walked from the newest, as before decision
      // 195, it read 10,854 rows and 10,855 index entries (the 8,950 shipments above it, each checked).
      const days = Math.ceil((COPIES * 4) / 24) + 1;
      expect(tableRows).toBeLessThanOrEqual(days + 10 * 50);
      expect(indexEntries).toBeLessThanOrEqual(days + 10 * 50);
    },
  );

  it.skipIf(!(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL))(
    'reads the kept day rows and the page, not the shipments it counts (PostgreSQL)',
    async () => {
      const { rows, answer } = await rowsRead(w.t.db, (db) =>
        listShipments(db, ShipmentListQuery.parse({ page: 1, size: 50 }), SETTINGS),
      );
      expect((answer as ShipmentPage).countCapped).toBe(true);
      // Every one of the 10,201 shipments before decision 162, then the count's 10,001; now the kept row
      // of each status and day (decision 192: a shipment every four hours is 1,701 days) and a few per
      // row shown.
      const days = Math.ceil((COPIES * 4) / 24) + 1;
      expect(rows).toBeLessThanOrEqual(2 * days + 10 * 50);
    },
  );
});
