import { addDays, daysBetween, istanbulDate, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineIn, stockedItem } from '../../../test/builders/stock-test-data.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rowsOf } from '../../db/client.ts';

let t: TestApp;
let staff: string;
let sales: string;
let itemId: number;
let otherItemId: number;
beforeAll(async () => {
  t = await createTestApp();
  staff = await t.tokenWithRoles(['WAREHOUSE_STAFF']);
  sales = await t.tokenWithRoles(['SALES_ADMIN']);
  const item = await stockedItem(t, sales, { name: 'Süzme Yoğurt 1 kg' });
  const other = await stockedItem(t, sales, { name: 'Ayran 200 ml' });
  itemId = item.id;
  otherItemId = other.id;
  const move = (url: string, payload: object) =>
    t.call(staff, { method: 'PUT', url: `/api/product-item/${url}`, payload });
  await move('stock-import-bulk', {
    stockChange: [
      {
        id: lineIn(item, 'DEPO1').id,
        importedQuantity: 100,
        stockOperationType: 'PRODUCTION_INBOUND',
        notes: 'eski',
      },
      {
        id: lineIn(item, 'DEPO2').id,
        importedQuantity: 20,
        stockOperationType: 'PRODUCTION_INBOUND',
        notes: 'eski',
      },
      {
        id: lineIn(other, 'DEPO1').id,
        importedQuantity: 7,
        stockOperationType: 'RETURN_INBOUND',
        notes: 'eski',
      },
    ],
  });
  // The first three movements happened on 1 and 2 March 2026 (Istanbul), the rest today.
  await t.db.execute(
    sql`update stock_history set created_at = '2026-03-01T23:30:00+03:00' where notes = 'eski'`,
  );
  await t.db.execute(
    sql`update stock_history set created_at = '2026-03-02T00:15:00+03:00' where notes = 'eski' and quantity_change = 7`,
  );
  await move('stock-export-bulk', {
    stockChange: [
      { id: lineIn(item, 'DEPO1').id, exportedQuantity: 30, stockOperationType: 'SHIPMENT_OUTBOUND' },
    ],
  });
});
afterAll(() => t.close());

const history = (query: string, token = staff) =>
  t.call(token, { method: 'GET', url: `/api/product-item/stock-history${query}` });

describe('GET /product-item/stock-history', () => {
  it('answers every movement newest first with product, warehouse, action and who did it', async () => {
    const response = await history('');
    expect(response.statusCode).toBe(200);
    const rows = response.json.data;
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      productItemId: itemId,
      productItemName: 'Süzme Yoğurt 1 kg',
      action: { name: 'SHIPMENT_OUTBOUND', label: 'Sevkiyat Çıkışı' },
      quantityChange: -30,
      quantityAfterChange: 70,
      warehouseId: 1,
      wareHouse: { name: 'DEPO1', label: 'Depo-1' },
      orderId: null,
      createdBy: expect.stringMatching(/\S/),
    });
    expect(rows[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/);
    expect(rows.at(-1).createdAt).toBe('2026-03-01T23:30:00+03:00');
  });

  it('filters by item, warehouse and action', async () => {
    expect((await history(`?productItemId=${otherItemId}`)).json.data).toHaveLength(1);
    expect((await history(`?productItemId=${itemId}&warehouseId=2`)).json.data).toHaveLength(1);
    const outbound = (await history('?action=SHIPMENT_OUTBOUND')).json.data;
    expect(outbound.map((row: { quantityChange: number }) => row.quantityChange)).toEqual([-30]);
  });

  it('takes whole Istanbul days, both included, in the two forms the screens send', async () => {
    const firstOfMarch = await history('?startDate=2026-03-01&endDate=2026-03-01');
    expect(firstOfMarch.json.data).toHaveLength(2);
    const withTimes = await history('?startDate=2026-03-01T00:00:00&endDate=2026-03-02T23:59:59');
    expect(withTimes.json.data).toHaveLength(3);
    const secondOnly = await history('?startDate=2026-03-02&endDate=2026-03-02');
    expect(secondOnly.json.data.map((row: { quantityChange: number }) => row.quantityChange)).toEqual([7]);
  });

  it('treats empty filters as all', async () => {
    expect(
      (await history('?productItemId=&warehouseId=&action=&startDate=&endDate=')).json.data,
    ).toHaveLength(4);
  });

  it('answers one page with the total count when asked', async () => {
    const response = await history('?page=2&size=3');
    expect(response.json.data).toMatchObject({ page: 2, size: 3, count: 4, totalPages: 2 });
    expect(response.json.data.entries).toHaveLength(1);
    const pastTheEnd = await history('?page=5&size=3');
    expect(pastTheEnd.json.data).toMatchObject({ entries: [], page: 5, count: 4, totalPages: 2 });
    const filtered = await history(`?productItemId=${otherItemId}&page=1&size=3`);
    expect(filtered.json.data).toMatchObject({ count: 1, totalPages: 1 });
  });

  describe('totals of settled days come from their day counts (decision 37)', () => {
    const countedDays = async () =>
      (
        await rowsOf<{ day: string }>(t.db, sql`select day::text as day from stock_history_days order by day`)
      ).map((row) => row.day);
    const total = async (query: string) => (await history(`${query}&page=1&size=2`)).json.data.count;
    const today = istanbulDate(new Date());
    const directCount = async (from: string, to: string, extra = sql``) => {
      const [row] = await rowsOf<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from stock_history
             where created_at >= ${startOfIstanbulDay(from)} and created_at < ${startOfIstanbulDay(addDays(to, 1))} ${extra}`,
      );
      return row!.n;
    };

    it('counts a settled range once, answering the same total as the rows, with each filter', async () => {
      expect(await total('?startDate=2026-02-27&endDate=2026-03-05')).toBe(3);
      // Beside the newest week, which a page without dates counts to see it is past COUNT_LIMIT.
      expect(await countedDays()).toEqual(expect.arrayContaining(daysBetween('2026-02-27', '2026-03-05')));
      expect(await total('?startDate=2026-03-01&endDate=2026-03-01')).toBe(2);
      expect(await total('?startDate=2026-03-02&endDate=2026-03-02')).toBe(1);
      expect(await total('?startDate=2026-02-27&endDate=2026-03-05&warehouseId=2')).toBe(1);
      expect(await total('?startDate=2026-02-27&endDate=2026-03-05&action=RETURN_INBOUND')).toBe(1);
      expect(await total('?startDate=2026-02-27&endDate=2026-03-05&action=SHIPMENT_OUTBOUND')).toBe(0);
      expect(await total(`?startDate=2026-02-27&endDate=2026-03-05&productItemId=${itemId}`)).toBe(2);
    });

    it('adds today, which is never counted, row by row', async () => {
      expect(await total(`?startDate=2026-03-01&endDate=${today}`)).toBe(
        await directCount('2026-03-01', today),
      );
      expect(await countedDays()).not.toContain(today);
    });

    it('forgets a counted day when a row of it is written, moved or removed, and counts it again', async () => {
      expect(await total('?startDate=2026-03-01&endDate=2026-03-02')).toBe(3);
      // A row moved into 3 March: both days are forgotten, and the totals follow.
      await t.db.execute(
        sql`update stock_history set created_at = '2026-03-03T10:00:00+03:00' where notes = 'eski' and quantity_change = 7`,
      );
      expect(await countedDays()).not.toContain('2026-03-02');
      expect(await countedDays()).not.toContain('2026-03-03');
      expect(await total('?startDate=2026-03-02&endDate=2026-03-03')).toBe(1);
      expect(await total('?startDate=2026-03-02&endDate=2026-03-02')).toBe(0);
      await t.db.execute(
        sql`update stock_history set created_at = '2026-03-02T00:15:00+03:00' where notes = 'eski' and quantity_change = 7`,
      );
      expect(await total('?startDate=2026-03-01&endDate=2026-03-03')).toBe(3);
      expect(await directCount('2026-03-01', '2026-03-03')).toBe(3);
    });

    it('answers a page past the end with the total of the range', async () => {
      const response = await history('?startDate=2026-02-27&endDate=2026-03-05&page=9&size=2');
      expect(response.json.data).toMatchObject({ entries: [], count: 3, totalPages: 2 });
    });
  });

  it.each([
    ['an unknown action', '?action=GIFT', 'action', /./],
    ['a date that does not exist', '?startDate=2026-02-30', 'startDate', /Geçerli bir tarih/],
    ['an end before the start', '?startDate=2026-03-02&endDate=2026-03-01', 'endDate', /önce olamaz/],
    ['a product id of text', '?productItemId=peynir', 'productItemId', /./],
    ['a page size over 500', '?page=1&size=501', 'size', /./],
  ])('refuses %s with 400', async (_name, query, field, message) => {
    const response = await history(query);
    expect(response.statusCode).toBe(400);
    expect(response.json.error.field).toBe(field);
    expect(response.json.error.message).toMatch(message);
  });

  it('is open to every signed-in user, with the filters it needs (decision 104)', async () => {
    const anonymous = await t.call(undefined, { method: 'GET', url: '/api/product-item/stock-history' });
    expect(anonymous.statusCode).toBe(401);
    expect((await history('', sales)).statusCode).toBe(200);
    const secretary = await t.tokenWithRoles(['SECRETARY']);
    const page = await history('?page=1&size=2', secretary);
    expect(page.statusCode).toBe(200);
    expect(page.json.data.count).toBe(4);
    for (const url of ['/api/warehouses/names', '/api/product-item']) {
      expect((await t.call(secretary, { method: 'GET', url })).statusCode).toBe(200);
    }
    // Reading opens no write: moving stock keeps its privilege.
    const moved = await t.call(secretary, {
      method: 'PUT',
      url: '/api/product-item/stock-import-bulk',
      payload: { stockChange: [] },
    });
    expect(moved.statusCode).toBe(403);
  });

  describe('an unpaged answer is the newest rows up to the limit, and says how many matched (decision 113)', () => {
    const day = '2021-06-01';
    /** `n` movements of the first item on one day of 2021, which no other test reads. */
    const writeRows = (n: number) =>
      t.db.execute(
        sql`insert into stock_history (stock_line_id, product_item_id, warehouse_id, action, quantity_change, quantity_after_change, notes, created_at)
            select l.id, l.product_item_id, l.warehouse_id, 'PRODUCTION_INBOUND', 1, g, 'yük', ${`${day}T10:00:00+03:00`}::timestamptz
              from stock_lines l, generate_series(1, ${n}) g
             where l.product_item_id = ${itemId} and l.warehouse_id = 1`,
      );
    const idsOfDay = async () =>
      (
        await rowsOf<{ id: number }>(
          t.db,
          sql`select id::int as id from stock_history where notes = 'yük' order by created_at desc, id desc`,
        )
      ).map((row) => row.id);
    afterAll(() => t.db.execute(sql`delete from stock_history where notes = 'yük'`));

    it('answers exactly the limit whole, and one row more cut to the newest with the total', async () => {
      await writeRows(5000);
      const whole = await history(`?startDate=${day}&endDate=${day}`);
      expect(whole.statusCode).toBe(200);
      expect(whole.json.data).toHaveLength(5000);
      expect(whole.headers['x-total-count']).toBe('5000');
      expect(whole.headers['x-unpaged-limit']).toBeUndefined();

      await writeRows(1200);
      const cut = await history(`?startDate=${day}&endDate=${day}`);
      expect(cut.statusCode).toBe(200);
      expect(cut.headers['x-total-count']).toBe('6200');
      expect(cut.headers['x-unpaged-limit']).toBe('5000');
      const ids = await idsOfDay();
      expect(ids).toHaveLength(6200);
      expect(cut.json.data.map((row: { id: number }) => row.id)).toEqual(ids.slice(0, 5000));

      const paged = await history(`?startDate=${day}&endDate=${day}&page=125&size=50`);
      expect(paged.json.data).toMatchObject({ count: 6200, totalPages: 124 });
      expect(paged.headers['x-total-count']).toBeUndefined();
    });

    it('answers a narrower filter whole, without the cut header', async () => {
      const narrow = await history(`?startDate=${day}&endDate=${day}&warehouseId=2`);
      expect(narrow.statusCode).toBe(200);
      expect(narrow.json.data).toEqual([]);
      expect(narrow.headers['x-total-count']).toBe('0');
      expect(narrow.headers['x-unpaged-limit']).toBeUndefined();
    });

    it('counts a cut answer of an unsettled range row by row', async () => {
      const today = istanbulDate(new Date());
      // A minute ago, but never before today began in Istanbul (a run just past midnight stays in today).
      await t.db.execute(
        sql`update stock_history
               set created_at = greatest(now() - interval '1 minute', ${startOfIstanbulDay(today).toISOString()}::timestamptz)
             where notes = 'yük'`,
      );
      const cut = await history(`?startDate=${today}&endDate=${today}&productItemId=${itemId}`);
      expect(cut.statusCode).toBe(200);
      expect(cut.json.data).toHaveLength(5000);
      const all = await rowsOf<{ count: number }>(
        t.db,
        sql`select count(*)::int as count from stock_history where product_item_id = ${itemId}
             and created_at >= ${startOfIstanbulDay(today).toISOString()}::timestamptz`,
      );
      expect(cut.headers['x-total-count']).toBe(String(all[0]!.count));
      expect(all[0]!.count).toBeGreaterThan(6200);
    });
  });
});

describe('the frozen rule follows stock history', () => {
  it('refuses a packaging change of an item with movements, and allows its other fields', async () => {
    const item = (await t.call(sales, { method: 'GET', url: `/api/product-item/${itemId}` })).json.data;
    expect(item.frozen).toBe(true);
    const {
      stocks: _stocks,
      frozen: _frozen,
      totalStockQuantity: _t,
      boxQuantity: _b,
      packagingGroup: _g,
      ...body
    } = item;
    const refused = await t.call(sales, {
      method: 'PUT',
      url: '/api/product-item',
      payload: { ...body, packagingUnitTypeAmount: 2 },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json.error.message).toMatch(/Birim miktarı/);
    const renamed = await t.call(sales, {
      method: 'PUT',
      url: '/api/product-item',
      payload: { ...body, name: 'Süzme Yoğurt 1 kg (yeni etiket)' },
    });
    expect(renamed.statusCode).toBe(200);
  });
});
