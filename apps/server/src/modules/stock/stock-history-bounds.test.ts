import { COUNT_LIMIT } from '@mandira/contract/paging';
import { STOCK_HISTORY_UNPAGED_LIMIT } from '@mandira/contract/stock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockedItem } from '../../../test/builders/stock-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let secretary: string;
let itemId: number;
let fewId: number;
const ROWS = COUNT_LIMIT + 50;
const DAY = '2019-01-01';

beforeAll(async () => {
  t = await createTestApp();
  const sales = await t.tokenWithRoles(['SALES_ADMIN']);
  secretary = await t.tokenWithRoles(['SECRETARY']);
  itemId = (await stockedItem(t, sales, { name: 'Kaşar 500 g' })).id;
  fewId = (await stockedItem(t, sales, { name: 'Tereyağı 250 g' })).id;
  const write = (item: number, n: number) =>
    t.db.execute(
      sql`insert into stock_history (stock_line_id, product_item_id, warehouse_id, action, quantity_change, quantity_after_change, notes, created_at)
          select l.id, l.product_item_id, l.warehouse_id, 'PRODUCTION_INBOUND', 1, g, 'sınır',
                 ${`${DAY}T10:00:00+03:00`}::timestamptz + make_interval(secs => g)
            from stock_lines l, generate_series(1, ${n}) g
           where l.product_item_id = ${item} and l.warehouse_id = 1`,
    );
  await write(itemId, ROWS);
  await write(fewId, 30);
});
afterAll(() => t.close());

const history = (query: string) =>
  t.call(secretary, { method: 'GET', url: `/api/product-item/stock-history${query}` });

describe('stock history counted row by row stops at COUNT_LIMIT (decision 149)', () => {
  it('answers a page of an uncounted history with the count capped and flagged', async () => {
    const page = await history(`?productItemId=${itemId}&page=1&size=50`);
    expect(page.statusCode).toBe(200);
    expect(page.json.data).toMatchObject({
      count: COUNT_LIMIT,
      countCapped: true,
      totalPages: COUNT_LIMIT / 50,
    });
    expect(page.json.data.entries).toHaveLength(50);
  });

  it('reaches the newest COUNT_LIMIT rows by page, and answers a page beyond them empty', async () => {
    const last = await history(`?productItemId=${itemId}&page=${COUNT_LIMIT / 500}&size=500`);
    expect(last.json.data.entries).toHaveLength(500);
    const newest = await history(`?productItemId=${itemId}&page=1&size=1`);
    const offsets = [COUNT_LIMIT / 500 + 1, 2_147_483_647];
    for (const page of offsets) {
      const beyond = await history(`?productItemId=${itemId}&page=${page}&size=500`);
      expect(beyond.statusCode, String(page)).toBe(200);
      expect(beyond.json.data).toMatchObject({ entries: [], count: COUNT_LIMIT, countCapped: true });
    }
    // The window is newest first: its last row is the COUNT_LIMIT-th newest.
    const ids = last.json.data.entries.map((row: { id: number }) => row.id);
    expect(ids[0]).toBeLessThan(newest.json.data.entries[0].id);
  });

  it('counts a small set exactly, without the flag', async () => {
    const page = await history(`?productItemId=${fewId}&page=1&size=20`);
    expect(page.json.data).toMatchObject({ count: 30, totalPages: 2 });
    expect(page.json.data.countCapped).toBeUndefined();
    const past = await history(`?productItemId=${fewId}&page=2147483647&size=500`);
    expect(past.json.data).toMatchObject({ entries: [], count: 30, totalPages: 1 });
  });

  it('keeps the exact total of a settled range from its day counts, paging within the window', async () => {
    const page = await history(`?startDate=${DAY}&endDate=${DAY}&page=1&size=500`);
    expect(page.json.data).toMatchObject({ count: ROWS + 30, totalPages: COUNT_LIMIT / 500 });
    expect(page.json.data.countCapped).toBeUndefined();
    const beyond = await history(`?startDate=${DAY}&endDate=${DAY}&page=${COUNT_LIMIT / 500 + 1}&size=500`);
    expect(beyond.json.data).toMatchObject({ entries: [], count: ROWS + 30 });
  });

  it('says so in the headers of an unpaged answer', async () => {
    const cut = await history(`?productItemId=${itemId}`);
    expect(cut.statusCode).toBe(200);
    expect(cut.json.data).toHaveLength(STOCK_HISTORY_UNPAGED_LIMIT);
    expect(cut.headers['x-total-count']).toBe(String(COUNT_LIMIT));
    expect(cut.headers['x-total-count-capped']).toBe('true');
    expect(cut.headers['x-unpaged-limit']).toBe(String(STOCK_HISTORY_UNPAGED_LIMIT));
    const whole = await history(`?productItemId=${fewId}`);
    expect(whole.headers['x-total-count']).toBe('30');
    expect(whole.headers['x-total-count-capped']).toBeUndefined();
  });
});
