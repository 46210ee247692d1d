import { type OrderPage, OrderQuery } from '@mandira/contract/order-query';
import type { OperationType } from '@mandira/contract/orders';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderWorld, openOrdersCopied, orderWorld } from '../../../test/builders/order-test-data.ts';
import { onPostgres, rowsRead } from '../../../test/rows-read.ts';
import { rowsOf } from '../../db/client.ts';
import { boundedDifferences } from '../../db/kept-figure.ts';
import { ORDER_SPANS } from './kept-figures.ts';
import { ordersOfView, searchOrders } from './order-query.service.ts';
import { SPAN_WIDTHS } from './order-spans.ts';

/**
 * Decision 197: a busy morning's 2,100 open orders, placed within half a minute, have one day between
 * them, so the kept days place no page. A deep page of a screen or of the order search walks the kept
 * spans down to the second that holds its first order and answers what a walk from the newest answers.
 */
const OPEN_ORDERS = 2100;
const SIZE = 50;

let w: OrderWorld;
beforeAll(async () => {
  w = await orderWorld();
  // 13 ms apart, every other pair at one instant (the id breaks the tie), crossing 27 seconds.
  await openOrdersCopied(
    w,
    OPEN_ORDERS,
    (g) => sql`'2026-06-10T08:59:50Z'::timestamptz + (${g} / 2) * interval '26 milliseconds'`,
  );
  // Every ninth back in review: off the warehouse screen, among the search's statuses.
  await w.t.db.execute(
    sql`update orders set status = 'IN_REVIEW' where id % 9 = 0 and status = 'IN_PROGRESS'`,
  );
});
afterAll(() => w.close());

const VIEW_WHERE: Partial<Record<OperationType, SQL>> = {
  WAREHOUSE: sql`o.status = 'IN_PROGRESS' and o.warehouse_items > 0`,
  REVIEW: sql`o.status in ('WAITING_FOR_REVIEW', 'IN_REVIEW', 'IN_PROGRESS')`,
};

/** The ids of a page as a walk from the newest reads them, from scratch. */
async function walked(where: SQL, limit: number, offset: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    w.t.db,
    sql`select o.id from orders o where ${where} order by o.created_at desc, o.id desc limit ${limit} offset ${offset}`,
  );
  return rows.map((row) => row.id);
}

const SEARCHES: [string, object, SQL][] = [
  ['every order', {}, sql`true`],
  [
    'two statuses',
    { orderStatuses: ['IN_REVIEW', 'IN_PROGRESS'] },
    sql`o.status in ('IN_REVIEW', 'IN_PROGRESS')`,
  ],
  [
    'a status on its day',
    { orderStatuses: ['IN_PROGRESS'], fromCreateDate: '2026-06-10', toCreateDate: '2026-06-10' },
    sql`o.status = 'IN_PROGRESS' and o.created_at >= '2026-06-09T21:00:00Z' and o.created_at < '2026-06-10T21:00:00Z'`,
  ],
];

/** Pages 1 to the last and one past it, every one of size 50 and every ninth of size 7. */
async function expectEveryPage(
  name: string,
  answer: (page: number, size: number) => Promise<OrderPage>,
  where: SQL,
) {
  for (const [size, step] of [
    [SIZE, 1],
    [7, 9],
  ] as const) {
    const { totalPages } = await answer(1, size);
    for (let page = 1; page <= totalPages + 1; page += page >= totalPages - 1 ? 1 : step) {
      expect(
        (await answer(page, size)).orders.map((order) => order.id),
        `${name}, page ${page} of ${size}`,
      ).toEqual(await walked(where, size, (page - 1) * size));
    }
  }
}

describe('deep pages of orders placed within one busy morning (decision 197)', () => {
  it('counts spans of the widths the walk steps down through', async () => {
    const widths = await rowsOf<{ width: number }>(w.t.db, sql`select width from order_span_starts(now())`);
    expect(widths.map((row) => row.width)).toEqual([...SPAN_WIDTHS]);
  });

  it('keeps the spans of each screen and status as they are from scratch', async () => {
    expect(await rowsOf(w.t.db, boundedDifferences(ORDER_SPANS))).toEqual([]);
  });

  for (const view of ['WAREHOUSE', 'REVIEW'] as const) {
    it(`answers every page of the ${view} screen as a walk from the newest`, async () => {
      await expectEveryPage(
        view,
        async (page, size) => (await ordersOfView(w.t.db, view, { page, size })) as OrderPage,
        VIEW_WHERE[view]!,
      );
    });
  }

  for (const [name, query, where] of SEARCHES) {
    it(`answers every page of the search for ${name} as a walk from the newest`, async () => {
      await expectEveryPage(
        name,
        async (page, size) =>
          (await searchOrders(w.t.db, OrderQuery.parse({ ...query, page, size }))) as OrderPage,
        where,
      );
    });
  }

  it.skipIf(!onPostgres)(
    'reads about what a middle page shows, on a screen and in the search (PostgreSQL)',
    async () => {
      // The status change above left dead versions of the kept spans and view counts; until a vacuum
      // (the server's keeper, or autovacuum) clears them, a walk passes their index entries too, as many
      // or as few as earlier scans happened to mark dead.
      await w.t.db.execute(sql`vacuum analyze orders, order_items, order_spans, order_view_counts`);
      const middle = Math.ceil(OPEN_ORDERS / SIZE / 2);
      const warehouse = await rowsRead(w.t.db, async (db) => {
        const answer = (await ordersOfView(db, 'WAREHOUSE', { page: middle, size: SIZE })) as OrderPage;
        expect(answer.orders).toHaveLength(SIZE);
      });
      const search = await rowsRead(w.t.db, async (db) => {
        const answer = (await searchOrders(db, OrderQuery.parse({ page: middle, size: SIZE }))) as OrderPage;
        expect(answer.orders).toHaveLength(SIZE);
      });
      // About five rows per order shown and a few dozen kept spans; a walk from the nearer end passed about
      // a thousand index entries.
      for (const [name, read] of [
        ['warehouse', warehouse],
        ['search', search],
      ] as const) {
        expect(read.tableRows, name).toBeLessThanOrEqual(6 * SIZE);
        expect(read.indexEntries, name).toBeLessThanOrEqual(8 * SIZE);
      }
    },
  );
});
