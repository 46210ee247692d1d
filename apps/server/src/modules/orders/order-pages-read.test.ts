import {
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  SHIPPING_ITEM_STATUSES,
  WAREHOUSE_ITEM_STATUSES,
} from '@mandira/contract/order-machines';
import { type OrderPage, OrderQuery } from '@mandira/contract/order-query';
import type { OperationType, Order } from '@mandira/contract/orders';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OrderWorld, openOrdersCopied, orderWorld } from '../../../test/builders/order-test-data.ts';
import { onPostgres, rowsRead } from '../../../test/rows-read.ts';
import { rowsOf } from '../../db/client.ts';
import { boundedDifferences } from '../../db/kept-figure.ts';
import { statusList } from '../../db/status-sql.ts';
import { ORDER_SPANS } from './kept-figures.ts';
import { ordersOfView, searchOrders } from './order-query.service.ts';

// How many rows a page reads is counted by PostgreSQL's own counters; PGlite has none to ask.
const OPEN_ORDERS = 2100;

/** Each screen's orders as the item statuses define them, counted from scratch. */
const VIEW_FROM_SCRATCH: Record<OperationType, SQL> = {
  REVIEW: sql`o.status in ('WAITING_FOR_REVIEW', 'IN_REVIEW', 'IN_PROGRESS')`,
  WAREHOUSE: sql`o.status = 'IN_PROGRESS' and exists (select 1 from order_items i where i.order_id = o.id
    and i.status in (${statusList(WAREHOUSE_ITEM_STATUSES)}))`,
  SHIPPING: sql`o.status = 'IN_PROGRESS' and exists (select 1 from order_items i where i.order_id = o.id
    and i.status in (${statusList(SHIPPING_ITEM_STATUSES)}))`,
};
const VIEWS = Object.keys(VIEW_FROM_SCRATCH) as OperationType[];

let w: OrderWorld;
let template: Order;
beforeAll(async () => {
  w = await orderWorld();
  // 2,100 open orders in the warehouse flow, a minute apart.
  template = await openOrdersCopied(
    w,
    OPEN_ORDERS,
    (g) => sql`'2026-01-01T06:00:00Z'::timestamptz + ${g} * interval '1 minute'`,
  );
});
afterAll(() => w.close());

const keptRows = async () =>
  Object.fromEntries(
    (
      await rowsOf<{ view: string; count: number }>(w.t.db, sql`select view, count from order_view_counts`)
    ).map((row) => [row.view, row.count]),
  );
/** The screens' kept counts. */
const kept = async () =>
  Object.fromEntries(Object.entries(await keptRows()).filter(([view]) => !view.startsWith('STATUS:')));
/** The kept count of each status, and each status counted from scratch. */
const statusCounts = async () => {
  const counted = await rowsOf<{ status: string; count: number }>(
    w.t.db,
    sql`select status, count(*)::int as count from orders group by status`,
  );
  const all = await keptRows();
  return {
    kept: Object.fromEntries(ORDER_STATUSES.map((status) => [status, all[`STATUS:${status}`]])),
    counted: Object.fromEntries(
      ORDER_STATUSES.map((status) => [status, counted.find((row) => row.status === status)?.count ?? 0]),
    ),
  };
};
const fromScratch = async () => {
  const counts: Record<string, number> = {};
  for (const view of VIEWS) {
    const [row] = await rowsOf<{ count: number }>(
      w.t.db,
      sql`select count(*)::int as count from orders o where ${VIEW_FROM_SCRATCH[view]}`,
    );
    counts[view] = row!.count;
  }
  return counts;
};
const idsFromScratch = async (view: OperationType, limit: number, offset: number) =>
  (
    await rowsOf<{ id: number }>(
      w.t.db,
      sql`select o.id from orders o where ${VIEW_FROM_SCRATCH[view]}
           order by o.created_at desc, o.id desc limit ${limit} offset ${offset}`,
    )
  ).map((row) => row.id);
const warehousePage = async (page: number, size: number) => {
  const response = await w.call(
    'GET',
    `/orders/filter?operationType=WAREHOUSE&page=${page}&size=${size}`,
    undefined,
    w.warehouse,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json.data as OrderPage;
};

describe('the screens’ orders, kept by the writes (decision 160)', () => {
  it('counts an item in the warehouse flow and on a truck as the contract’s status sets do', async () => {
    const stages = await rowsOf<{ status: string; stage: number[] }>(
      w.t.db,
      sql`select s as status, order_item_stage(s) as stage
            from unnest(${sql.param([...ORDER_ITEM_STATUSES])}::text[]) s`,
    );
    for (const { status, stage } of stages) {
      expect(stage, status).toEqual([
        Number((WAREHOUSE_ITEM_STATUSES as readonly string[]).includes(status)),
        Number((SHIPPING_ITEM_STATUSES as readonly string[]).includes(status)),
      ]);
    }
  });

  it('keeps each screen’s number of orders as items move, orders close and are removed', async () => {
    expect(await kept()).toEqual(await fromScratch());
    expect((await kept()).WAREHOUSE).toBe(OPEN_ORDERS + 1);
    const [first, second, third] = await idsFromScratch('WAREHOUSE', 3, 5);
    // An item loaded on a truck leaves the warehouse screen for the shipping screen.
    await w.t.db.execute(
      sql`update order_items set status = 'LOADED_TO_TRUCK_FROM_WAREHOUSE' where order_id = ${first!}`,
    );
    await w.t.db.execute(sql`update orders set status = 'COMPLETED' where id = ${second!}`);
    await w.t.db.execute(sql`delete from orders where id = ${third!}`);
    // In one transaction, an order that comes and goes leaves no trace.
    await w.t.db.transaction(async (tx) => {
      await tx.execute(sql`update orders set status = 'IN_REVIEW' where id = ${first!}`);
      await tx.execute(sql`update orders set status = 'IN_PROGRESS' where id = ${first!}`);
    });
    expect(await kept()).toEqual(await fromScratch());
    expect(await kept()).toMatchObject({ WAREHOUSE: OPEN_ORDERS - 2, SHIPPING: 1 });
    const statuses = await statusCounts();
    expect(statuses.kept).toEqual(statuses.counted);
    // Their spans of time too (decision 197): a span an order left empty is gone, not kept at 0.
    expect(await rowsOf(w.t.db, boundedDifferences(ORDER_SPANS))).toEqual([]);
    expect(await rowsOf(w.t.db, sql`select * from order_spans where count <= 0`)).toEqual([]);
    expect(statuses.kept).toMatchObject({ IN_PROGRESS: OPEN_ORDERS - 1, COMPLETED: 1 });
    // What a bulk load calls after setting the trigger aside (bench/harness/balances.ts) agrees.
    const before = await keptRows();
    await w.t.db.execute(sql`update order_view_counts set count = 0`);
    await w.t.db.execute(sql`select order_view_counts_recount()`);
    expect(await keptRows()).toEqual(before);
  });

  it('answers every page of the warehouse screen with the orders the item statuses put there', async () => {
    const count = (await kept()).WAREHOUSE!;
    const last = Math.ceil(count / 50);
    for (const page of [1, 2, Math.floor(last / 2), last - 2, last - 1, last]) {
      const answer = await warehousePage(page, 50);
      expect(answer).toMatchObject({ page, size: 50, count, totalPages: last });
      expect(answer.countCapped).toBeUndefined();
      expect(
        answer.orders.map((order) => order.id),
        `page ${page}`,
      ).toEqual(await idsFromScratch('WAREHOUSE', 50, (page - 1) * 50));
    }
    expect((await warehousePage(last + 1, 50)).orders).toEqual([]);
  });
});

describe('the order search by several statuses', () => {
  it('answers every page as the statuses select, newest first, counted from the kept rows', async () => {
    // Every seventh order back in review, so the two statuses interleave.
    await w.t.db.execute(
      sql`update orders set status = 'IN_REVIEW' where id % 7 = 0 and status = 'IN_PROGRESS'`,
    );
    const [{ count }] = (await rowsOf<{ count: number }>(
      w.t.db,
      sql`select count(*)::int as count from orders where status in ('IN_REVIEW', 'IN_PROGRESS')`,
    )) as [{ count: number }];
    const last = Math.ceil(count / 50);
    for (const page of [1, Math.floor(last / 2), last - 1, last]) {
      const response = await w.call('POST', '/orders/filter-by-query', {
        orderStatuses: ['IN_REVIEW', 'IN_PROGRESS', 'IN_REVIEW'],
        page,
        size: 50,
      });
      const answer = response.json.data as OrderPage;
      expect(answer).toMatchObject({ page, count, totalPages: last });
      const expected = await rowsOf<{ id: number }>(
        w.t.db,
        sql`select id from orders where status in ('IN_REVIEW', 'IN_PROGRESS')
             order by created_at desc, id desc limit 50 offset ${(page - 1) * 50}`,
      );
      expect(
        answer.orders.map((order) => order.id),
        `page ${page}`,
      ).toEqual(expected.map((row) => row.id));
    }
    await w.t.db.execute(sql`update orders set status = 'IN_PROGRESS' where status = 'IN_REVIEW'`);
  });
});

describe.skipIf(!onPostgres)('rows a deep page reads (PostgreSQL)', () => {
  const SIZE = 50;
  beforeAll(async () => {
    // As autovacuum leaves tables grown by thousands of rows: planned by their statistics, and the
    // index-only walks of the screens' indexes reading no table rows for the orders they pass; the kept
    // spans and view counts without the dead versions the status changes above left.
    await w.t.db.execute(sql`vacuum analyze orders, order_items, order_spans, order_view_counts`);
  });

  it('reads about what page 40 of 50 shows on a screen, not the 1,950 orders before it', async () => {
    for (const view of ['WAREHOUSE', 'REVIEW'] as const) {
      const read = await rowsRead(w.t.db, async (tx) => {
        const answer = (await ordersOfView(tx, view, { page: 40, size: SIZE })) as OrderPage;
        expect(answer.orders).toHaveLength(SIZE);
      });
      // About five rows per order shown (the order, its item, buyer, bundle lines), and index entries
      // for the page and the orders between it and the nearer end; every open order would be 2,100.
      expect(read.tableRows, view).toBeLessThanOrEqual(6 * SIZE);
      expect(read.indexEntries, view).toBeLessThanOrEqual(8 * SIZE);
    }
  });

  it('reads about what page 40 of the order search shows, counting a filter’s matches up to the limit', async () => {
    const every = await rowsRead(w.t.db, (tx) =>
      searchOrders(tx, OrderQuery.parse({ page: 40, size: SIZE })),
    );
    expect(every.tableRows).toBeLessThanOrEqual(6 * SIZE);
    expect(every.indexEntries).toBeLessThanOrEqual(8 * SIZE);
    // A filter's count reads its matches (from the index or, when they are most of the table, the
    // table), up to COUNT_LIMIT; the page itself reads about what it shows, from the nearer end.
    const inProgress = await rowsRead(w.t.db, (tx) =>
      searchOrders(
        tx,
        OrderQuery.parse({ orderStatuses: ['IN_PROGRESS'], minAmount: 0, page: 40, size: SIZE }),
      ),
    );
    expect(inProgress.tableRows + inProgress.indexEntries).toBeLessThanOrEqual(OPEN_ORDERS + 12 * SIZE);
    // Statuses alone (the order screen's default) are counted from the kept rows, and several are
    // merged from each status's index walk: the page reads about what it shows.
    const twoStatuses = await rowsRead(w.t.db, async (tx) => {
      const query = OrderQuery.parse({ orderStatuses: ['IN_REVIEW', 'IN_PROGRESS'], page: 40, size: SIZE });
      const answer = (await searchOrders(tx, query)) as OrderPage;
      expect(answer.orders).toHaveLength(SIZE);
    });
    expect(twoStatuses.tableRows).toBeLessThanOrEqual(6 * SIZE);
    expect(twoStatuses.indexEntries).toBeLessThanOrEqual(8 * SIZE);
    // The review search (statuses over a range of days) is counted from the kept row of each status and
    // day (decision 191): no walk of the 2,100 matching orders.
    const [{ count: matching }] = (await rowsOf<{ count: number }>(
      w.t.db,
      sql`select count(*)::int as count from orders where status in ('IN_REVIEW', 'IN_PROGRESS')
           and created_at >= '2025-12-19T21:00:00Z' and created_at < '2026-01-31T21:00:00Z'`,
    )) as [{ count: number }];
    expect(matching).toBeGreaterThan(40 * SIZE);
    const overDays = await rowsRead(w.t.db, async (tx) => {
      const query = OrderQuery.parse({
        orderStatuses: ['IN_REVIEW', 'IN_PROGRESS'],
        fromCreateDate: '2025-12-20',
        toCreateDate: '2026-01-31',
        page: 40,
        size: SIZE,
      });
      const answer = (await searchOrders(tx, query)) as OrderPage;
      expect(answer.orders).toHaveLength(SIZE);
      expect(answer.count).toBe(matching);
    });
    expect(overDays.tableRows).toBeLessThanOrEqual(6 * SIZE);
    expect(overDays.indexEntries).toBeLessThanOrEqual(8 * SIZE);
  });
});

describe('a search matching more than COUNT_LIMIT orders (decision 149)', () => {
  it('answers 10.000 with countCapped, pages within the newest 10.000 and says so unpaged', async () => {
    // Completed orders of an older year, so the open ones above stay the newest. Written 1,000 to a
    // transaction: the commits keep a few rows per order, and one transaction updating a kept row ten
    // thousand times walks the versions it wrote each time (no write of the portal places more than a
    // handful of orders at once).
    const BATCH = 1000;
    for (let first = 1; first <= COUNT_LIMIT; first += BATCH) {
      await w.t.db.execute(sql`
        insert into orders (buyer_id, status, created_at)
        select buyer_id, 'COMPLETED', '2024-01-01T06:00:00Z'::timestamptz + g * interval '1 minute'
          from orders, generate_series(${first}::int, ${first + BATCH - 1}::int) g where id = ${template.id}`);
    }
    const search = async (query: object) => {
      const response = await w.call('POST', '/orders/filter-by-query', query);
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    const completed = { orderStatuses: ['COMPLETED'] };
    const last = COUNT_LIMIT / 500;
    const page = (await search({ ...completed, page: last, size: 500 })).json.data as OrderPage;
    expect(page).toMatchObject({ count: COUNT_LIMIT, countCapped: true, totalPages: last });
    expect(page.orders).toHaveLength(500);
    expect((await search({ ...completed, page: last + 1, size: 500 })).json.data.orders).toEqual([]);
    // Every order is counted from the kept per-buyer counts, and capped the same way.
    const every = (await search({ page: 1, size: 10 })).json.data as OrderPage;
    expect(every).toMatchObject({ count: COUNT_LIMIT, countCapped: true });
    const unpaged = await search(completed);
    expect(unpaged.headers['x-total-count']).toBe(String(COUNT_LIMIT));
    expect(unpaged.headers['x-total-count-capped']).toBe('true');
    // A narrower filter is counted exactly again.
    const open = (await search({ orderStatuses: ['IN_PROGRESS'], page: 1, size: 10 })).json.data as OrderPage;
    expect(open.count).toBe((await kept()).REVIEW);
    expect(open.countCapped).toBeUndefined();
  });
});
