import { ORDER_UNPAGED_LIMIT, type OrderPage } from '@mandira/contract/order-query';
import type { Order } from '@mandira/contract/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyer,
  forceStatuses,
  type OrderWorld,
  orderWorld,
  placedOrder,
  stockedProduct,
} from '../../../test/builders/order-test-data.ts';
import { countRows } from '../../../test/builders/product-test-data.ts';
import { expectStatusDayRecountAgrees } from '../../../test/status-day-recount.ts';
import { rowsOf } from '../../db/client.ts';
import { ORDER_DAY_COUNTS } from './kept-figures.ts';

let w: OrderWorld;
let orders: Order[];
let codes: string[];
beforeAll(async () => {
  w = await orderWorld();
  const buyers = [await buyer(w), await buyer(w)];
  codes = buyers.map((one) => one.code);
  const productId = await stockedProduct(w, 6000);
  orders = [];
  // Four orders of 1, 2, 3 and 4 boxes (48, 96, 144, 192 TL), alternating buyers, placed on four days.
  for (const [index, boxes] of [1, 2, 3, 4].entries()) {
    orders.push(
      await placedOrder(w, buyers[index % 2]!.id, [{ productId, boxes }], {
        buyerRequestReferenceCode: `PO-${index}_A`,
      }),
    );
  }
  const placedAt = [
    '2026-03-01T20:59:00Z',
    '2026-03-01T21:00:00Z',
    '2026-03-05T09:00:00Z',
    '2026-03-09T09:00:00Z',
  ];
  for (const [index, order] of orders.entries()) {
    await w.t.db.execute(
      sql`update orders set created_at = ${placedAt[index]}::timestamptz where id = ${order.id}`,
    );
  }
  await forceStatuses(w, orders[2]!.id, 'IN_REVIEW');
  await forceStatuses(w, orders[3]!.id, 'IN_PROGRESS', ['WAITING_FOR_WAREHOUSE_OPERATION']);
});
afterAll(() => w.close());

const numbersOf = (found: Order[]) => found.map((order) => order.orderNumber);
const mine = (found: Order[]) => found.filter((order) => orders.some((one) => one.id === order.id));
const search = async (query: object, url = '/orders/filter-by-query') => {
  const response = await w.call('POST', url, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json.data as Order[];
};
const n = (index: number) => orders[index]!.orderNumber;

describe('order search (POST /orders/filter-by-query)', () => {
  it('answers every order newest first for an empty query', async () => {
    expect(numbersOf(mine(await search({})))).toEqual([n(3), n(2), n(1), n(0)]);
    expect(numbersOf(mine(await search({}, '/orders/filter')))).toEqual([n(3), n(2), n(1), n(0)]);
  });

  it('takes a search without a body as the empty query', async () => {
    const response = await w.t.call(w.manager, { method: 'POST', url: '/api/orders/filter' });
    expect(response.statusCode).toBe(200);
    expect(numbersOf(mine(response.json.data))).toEqual([n(3), n(2), n(1), n(0)]);
  });

  it('filters by order numbers, buyer codes, statuses and reference code', async () => {
    expect(numbersOf(await search({ orderNumbers: [n(0), n(2)] }))).toEqual([n(2), n(0)]);
    expect(numbersOf(mine(await search({ buyerCodes: [codes[1]] })))).toEqual([n(3), n(1)]);
    expect(numbersOf(mine(await search({ orderStatuses: ['WAITING_FOR_REVIEW', 'IN_REVIEW'] })))).toEqual([
      n(2),
      n(1),
      n(0),
    ]);
    // Typed as the user sees it: wildcards are matched as text.
    expect(numbersOf(await search({ buyerRequestReferenceCode: 'po-2_a' }))).toEqual([n(2)]);
    expect(await search({ buyerRequestReferenceCode: 'PO-%' })).toEqual([]);
  });

  it('takes dates as whole Istanbul days', async () => {
    // 2026-03-01T21:00Z is already 2 March in Istanbul.
    expect(numbersOf(await search({ fromCreateDate: '2026-03-01', toCreateDate: '2026-03-01' }))).toEqual([
      n(0),
    ]);
    expect(numbersOf(await search({ fromCreateDate: '2026-03-02', toCreateDate: '2026-03-05' }))).toEqual([
      n(2),
      n(1),
    ]);
  });

  it('counts a page of statuses over whole days from the kept rows of each status and day', async () => {
    const page = async (query: object) => {
      const response = await w.call('POST', '/orders/filter-by-query', { ...query, page: 1, size: 2 });
      expect(response.statusCode, response.body).toBe(200);
      return response.json.data as OrderPage;
    };
    // 2026-03-01T21:00Z is 2 March in Istanbul: its order counts on that day, not the one before.
    const review = { orderStatuses: ['WAITING_FOR_REVIEW', 'IN_REVIEW'] };
    expect(await page({ ...review, fromCreateDate: '2026-03-02', toCreateDate: '2026-03-09' })).toMatchObject(
      {
        count: 2,
        totalPages: 1,
      },
    );
    expect(numbersOf((await page({ ...review, fromCreateDate: '2026-03-01' })).orders)).toEqual([n(2), n(1)]);
    expect(await page({ ...review, fromCreateDate: '2026-03-01', toCreateDate: '2026-03-01' })).toMatchObject(
      {
        count: 1,
      },
    );
    // Days alone count every status; an open end reaches every day on that side.
    expect(await page({ fromCreateDate: '2026-03-02', toCreateDate: '2026-03-09' })).toMatchObject({
      count: 3,
    });
    const before = await page({ toCreateDate: '2026-03-09' });
    const [{ count: fromScratch }] = (await rowsOf<{ count: number }>(
      w.t.db,
      sql`select count(*)::int as count from orders where created_at < '2026-03-09T21:00:00Z'`,
    )) as [{ count: number }];
    expect(before.count).toBe(fromScratch);
    // A status changed moves its order between the day rows at commit.
    await forceStatuses(w, orders[1]!.id, 'IN_REVIEW');
    expect(await page({ orderStatuses: ['IN_REVIEW'], fromCreateDate: '2026-03-02' })).toMatchObject({
      count: 2,
    });
    await w.t.db.execute(sql`update orders set status = 'WAITING_FOR_REVIEW' where id = ${orders[1]!.id}`);
    // What a bulk load calls after setting the trigger aside (bench/harness/balances.ts) agrees.
    await expectStatusDayRecountAgrees(w.t.db, ORDER_DAY_COUNTS);
  });

  it('bounds the dealt total with the amounts', async () => {
    expect(numbersOf(mine(await search({ minAmount: 96, maxAmount: 144 })))).toEqual([n(2), n(1)]);
  });

  it('pages when asked, with the total count', async () => {
    const response = await w.call('POST', '/orders/filter-by-query', { buyerCodes: codes, page: 2, size: 3 });
    const page = response.json.data as OrderPage;
    expect(page).toMatchObject({ page: 2, size: 3, count: 4, totalPages: 2 });
    expect(numbersOf(page.orders)).toEqual([n(0)]);
  });

  it('answers 400 naming the field for a bad filter', async () => {
    for (const [query, field] of [
      [{ orderStatuses: ['LOST'] }, 'orderStatuses[0]'],
      [{ fromCreateDate: '01.03.2026' }, 'fromCreateDate'],
      [{ minAmount: -1 }, 'minAmount'],
      [{ orderNumbers: ['on yedi'] }, 'orderNumbers[0]'],
      [{ buyerCodes: 'M-1' }, 'buyerCodes'],
    ] as const) {
      const response = await w.call('POST', '/orders/filter-by-query', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json.error.field).toBe(field);
    }
    const negative = await w.call('POST', '/orders/filter-by-query', { minAmount: -1 });
    expect(negative.json.error.message).toBe('En düşük tutar: Tutar negatif olamaz.');
  });
});

describe('order lists', () => {
  it('lists every order newest first on GET /orders, paged when asked', async () => {
    const all = (await w.call('GET', '/orders')).json.data as Order[];
    expect(numbersOf(mine(all))).toEqual([n(3), n(2), n(1), n(0)]);
    const page = (await w.call('GET', '/orders?page=1&size=2')).json.data as OrderPage;
    expect(page.orders).toHaveLength(2);
    expect(page.count).toBe(all.length);
  });

  it('gives each screen its orders by operation type', async () => {
    const review = (await w.call('GET', '/orders/filter?operationType=REVIEW')).json.data as Order[];
    expect(numbersOf(mine(review))).toEqual([n(3), n(2), n(1), n(0)]);
    const warehouse = await w.call('GET', '/orders/filter?operationType=WAREHOUSE', undefined, w.warehouse);
    expect(warehouse.statusCode).toBe(200);
    expect(numbersOf(warehouse.json.data)).toEqual([n(3)]);
    expect((await w.call('GET', '/orders/filter?operationType=WAREHOUSE')).statusCode).toBe(403);
    expect(
      (await w.call('GET', '/orders/filter?operationType=REVIEW', undefined, w.warehouse)).statusCode,
    ).toBe(403);
  });

  it('counts orders of every status for the dashboard, as the commits keep them per buyer', async () => {
    const count = async () => (await w.call('GET', '/dashboard/order-count', undefined, w.office)).json.data;
    expect(await count()).toBe(await countRows(w.t, 'orders'));
    const before = await count();
    // Written in SQL, as a migration or an import would: the count follows the rows, not the services.
    await w.t.db.execute(
      sql`insert into orders (buyer_id, status, created_at)
          select o.buyer_id, s.status, now() from orders o,
                 unnest(array['COMPLETED', 'CANCELED_BY_BUYER', 'WAITING_FOR_REVIEW']) as s(status)
           where o.id = ${orders[0]!.id}`,
    );
    expect(await count()).toBe(before + 3);
    expect(await count()).toBe(await countRows(w.t, 'orders'));
    await w.t.db.execute(sql`delete from orders where id > ${Math.max(...orders.map((order) => order.id))}`);
    expect(await count()).toBe(before);
  });

  it('answers an unpaged search past the limit with the newest orders and the total, and pages it', async () => {
    await w.t.db.execute(
      sql`insert into orders (buyer_id, status, created_at)
          select o.buyer_id, 'COMPLETED', '2001-01-01T09:00:00Z'::timestamptz + g * interval '1 minute'
          from orders o, generate_series(1, ${ORDER_UNPAGED_LIMIT}) g where o.id = ${orders[0]!.id}`,
    );
    const total = await countRows(w.t, 'orders');
    expect(total).toBeGreaterThan(ORDER_UNPAGED_LIMIT);
    const unpaged = await w.call('POST', '/orders/filter-by-query', {});
    expect(unpaged.statusCode, unpaged.body).toBe(200);
    expect(unpaged.headers['x-total-count']).toBe(String(total));
    expect(unpaged.headers['x-unpaged-limit']).toBe(String(ORDER_UNPAGED_LIMIT));
    const newest = await rowsOf<{ id: number }>(
      w.t.db,
      sql`select id from orders order by created_at desc, id desc limit ${ORDER_UNPAGED_LIMIT}`,
    );
    expect((unpaged.json.data as Order[]).map((order) => order.id)).toEqual(newest.map((row) => row.id));
    // The four orders of March 2026 are the newest; the oldest copy is the one left out.
    expect(numbersOf(unpaged.json.data.slice(0, 4))).toEqual([n(3), n(2), n(1), n(0)]);

    const page = (await w.call('POST', '/orders/filter-by-query', { page: 1, size: 10 })).json
      .data as OrderPage;
    expect(page.orders).toHaveLength(10);
    expect(page.count).toBe(total);
    const fewer = await w.call('POST', '/orders/filter-by-query', { fromCreateDate: '2026-03-01' });
    expect(numbersOf(mine(fewer.json.data))).toEqual([n(3), n(2), n(1), n(0)]);
    expect(fewer.headers['x-total-count']).toBe(String(fewer.json.data.length));
    expect(fewer.headers['x-unpaged-limit']).toBeUndefined();
  });
});
