import { type OrderPage, OrderQuery } from '@mandira/contract/order-query';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyer,
  type OrderWorld,
  orderWorld,
  placedOrder,
  stockedProduct,
} from '../../../test/builders/order-test-data.ts';
import { onPostgres, rowsRead } from '../../../test/rows-read.ts';
import { rowsOf } from '../../db/client.ts';
import { searchOrders } from './order-query.service.ts';

/**
 * Decisions 195 and 197 for the order search: a deep page filtered by no more than statuses and days
 * starts at the second that holds its first order, found from the orders kept per status and day and
 * per span of time, and answers the same orders as a walk from the newest.
 */
const DAYS = 12;
const PER_DAY = 37;
const STATUSES = ['WAITING_FOR_REVIEW', 'IN_REVIEW', 'IN_PROGRESS', 'COMPLETED', 'CANCELED_BY_SELLER'];

let w: OrderWorld;
beforeAll(async () => {
  w = await orderWorld();
  const productId = await stockedProduct(w, 600);
  const template = await placedOrder(w, (await buyer(w)).id, [{ productId, boxes: 1 }]);
  // 37 orders a day over 12 days, statuses in turn, written in SQL for speed (the kept day counts follow
  // the rows whoever writes them). Their minutes cross Istanbul's midnight (21:00 UTC), and some share
  // an instant, so a day's edge and the id's tie-break are both walked.
  await w.t.db.execute(sql`
    insert into orders (buyer_id, status, created_at, total_price, dealt_total_price)
    select buyer_id, (${sql.param(STATUSES)}::text[])[1 + g % ${STATUSES.length}],
           '2026-03-01T20:40:00Z'::timestamptz + (g / ${PER_DAY}) * interval '1 day'
             + ((g % ${PER_DAY}) / 2) * interval '2 minutes',
           total_price, dealt_total_price
      from orders, generate_series(0, ${DAYS * PER_DAY - 1}) g where id = ${template.id}`);
});
afterAll(() => w.close());

/** The ids of a page as a walk from the newest reads them, from scratch. */
async function walked(where: SQL, limit: number, offset: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    w.t.db,
    sql`select o.id from orders o where ${where} order by o.created_at desc, o.id desc limit ${limit} offset ${offset}`,
  );
  return rows.map((row) => row.id);
}

const search = async (query: object) => (await searchOrders(w.t.db, OrderQuery.parse(query))) as OrderPage;

const QUERIES: [string, object, SQL][] = [
  ['every order', {}, sql`true`],
  ['one status', { orderStatuses: ['IN_PROGRESS'] }, sql`o.status = 'IN_PROGRESS'`],
  [
    'two statuses',
    { orderStatuses: ['WAITING_FOR_REVIEW', 'COMPLETED'] },
    sql`o.status in ('WAITING_FOR_REVIEW', 'COMPLETED')`,
  ],
  [
    'statuses and days',
    { orderStatuses: ['IN_REVIEW', 'IN_PROGRESS'], fromCreateDate: '2026-03-04', toCreateDate: '2026-03-10' },
    sql`o.status in ('IN_REVIEW', 'IN_PROGRESS') and o.created_at >= '2026-03-03T21:00:00Z'
        and o.created_at < '2026-03-10T21:00:00Z'`,
  ],
];

describe('a deep page of the order search starts at its day (decision 195)', () => {
  for (const [name, query, where] of QUERIES) {
    it(`answers every page of ${name}, in pages of 7 and 50, as a walk from the newest`, async () => {
      for (const size of [7, 50]) {
        const first = await search({ ...query, page: 1, size });
        const [total] = await rowsOf<{ n: number }>(
          w.t.db,
          sql`select count(*)::int as n from orders o where ${where}`,
        );
        expect(first.count).toBe(total!.n);
        for (let page = 1; page <= first.totalPages + 1; page++) {
          const answer = await search({ ...query, page, size });
          expect(answer.count, `${name}, page ${page} of ${size}`).toBe(total!.n);
          expect(
            answer.orders.map((order) => order.id),
            `${name}, page ${page} of ${size}`,
          ).toEqual(await walked(where, size, (page - 1) * size));
        }
      }
    });
  }

  it.skipIf(!onPostgres)(
    'passes a day of orders for a deep page, not every order above it (PostgreSQL)',
    async () => {
      // Page 30 of 7 of every order: 203 orders above it, 241 below; walked from the newest before.
      const { tableRows, indexEntries, answer } = await rowsRead(w.t.db, (db) =>
        searchOrders(db, OrderQuery.parse({ page: 30, size: 7 })),
      );
      expect((answer as OrderPage).orders).toHaveLength(7);
      // The kept spans of every order walked down from 360 days to the second (decision 197), that
      // second's orders before the page and the page's own lookups: measured 39 rows and 132 index
      // entries (81 and 94 from the kept days of every status). Walked from the newest, as before
      // decision 195, it read 454 rows and 8 index entries (the planner read the small table whole).
      expect(tableRows + indexEntries).toBeLessThan(300);
    },
  );
});
