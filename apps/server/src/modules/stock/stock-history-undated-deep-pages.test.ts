import { COUNT_LIMIT } from '@mandira/contract/paging';
import type { StockHistoryPage, StockHistoryQuery } from '@mandira/contract/stock';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { stockedItem } from '../../../test/builders/stock-test-data.ts';
import { asGrown, onPostgres, rowsRead } from '../../../test/rows-read.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { rowsOf } from '../../db/client.ts';
import { listStockHistory } from './stock-history.service.ts';

let t: TestApp;
/** A busy dairy's movements: one every 25 seconds for the last nine days, 3,456 a day. */
const SECONDS_APART = 25;

beforeAll(async () => {
  t = await createTestApp();
  const sales = await t.tokenWithRoles(['SALES_ADMIN']);
  const item = await stockedItem(t, sales, { name: 'Tam Yağlı Süt' });
  await t.db.execute(
    sql`insert into stock_history (stock_line_id, product_item_id, warehouse_id, action, quantity_change, quantity_after_change, notes, created_at)
        select l.id, l.product_item_id, l.warehouse_id,
               case when g % 4 = 0 then 'RETAIL_OUTBOUND' else 'PRODUCTION_INBOUND' end, 1, g, 'yoğun',
               now() - make_interval(secs => g * ${SECONDS_APART})
          from stock_lines l, generate_series(1, ${(9 * 86_400) / SECONDS_APART}) g
         where l.product_item_id = ${item.id} and l.warehouse_id in (1, 2) and g % 2 = l.warehouse_id - 1`,
  );
  // As autovacuum would after such a load: without statistics the planner reads the table whole.
  await t.db.execute(sql`analyze stock_history`);
}, 60_000);
afterAll(() => t.close());

const undated = (filters: Partial<z.output<typeof StockHistoryQuery>>, page: number, size: number) =>
  ({ ...filters, page, size }) as z.output<typeof StockHistoryQuery>;

/** The whole history newest first, as its index orders it, read whole. */
const newestFirst = async (filters: { warehouseId?: number; action?: string }) =>
  (
    await rowsOf<{ id: number }>(
      t.db,
      sql`select id from stock_history
           where ${filters.warehouseId ? sql`warehouse_id = ${filters.warehouseId}` : sql`true`}
             and ${filters.action ? sql`action = ${filters.action}` : sql`true`}
           order by created_at desc nulls last, id desc nulls last`,
    )
  ).map((row) => Number(row.id));

describe('a deep page of the whole stock history starts at the settled hour that holds it (decisions 195, 198)', () => {
  it.each([
    ['every row', {}, [1, 2, 3, 4, 57, 123, 200, 201]],
    ['one warehouse', { warehouseId: 2 }, [3, 100, 158]],
  ] as const)(
    'answers the pages of %s as a walk from the newest, the count capped',
    async (_name, filters, pages) => {
      const expected = await newestFirst(filters);
      expect(expected.length).toBeGreaterThan(COUNT_LIMIT);
      for (const page of pages) {
        const answer = (await listStockHistory(t.db, undated(filters, page, 50))) as StockHistoryPage;
        expect(answer, `page ${page}`).toMatchObject({ count: COUNT_LIMIT, countCapped: true });
        const within = expected.slice(0, COUNT_LIMIT);
        expect(
          answer.entries.map((entry) => entry.id),
          `page ${page}`,
        ).toEqual(within.slice((page - 1) * 50, page * 50));
      }
      // A page of 7 that starts inside a day and ends in the next one.
      const answer = (await listStockHistory(t.db, undated(filters, 400, 7))) as StockHistoryPage;
      expect(answer.entries.map((entry) => entry.id)).toEqual(expected.slice(399 * 7, 400 * 7));
    },
  );

  it.skipIf(!onPostgres)(
    'reads the newest days and the page, not every row above it (PostgreSQL)',
    async () => {
      const rows = await newestFirst({});
      const deep = await rowsRead(t.db, (db) =>
        asGrown(db, () => listStockHistory(db, undated({}, 190, 50))),
      );
      expect((deep.answer as StockHistoryPage).entries.map((entry) => entry.id)).toEqual(
        rows.slice(189 * 50, 190 * 50),
      );
      // The newest days' and today's finished hours' counts, the last hour or two row by row, the rows of
      // the page's hour before it (at most an hour's 144) and the page: measured 541 rows and 541 index
      // entries at 21:35 in Istanbul, with about 3,100 rows after the last settled day. Counting those row by
      // row and passing the page's day's later rows (decision 195), it read 2,727 and 2,725 at 14:10;
      // walked from the newest, as before, the 9,450 rows above it too: 9,583 and 9,581.
      const hour = 3_600 / SECONDS_APART;
      expect(deep.tableRows).toBeLessThan(3 * hour + 300);
      expect(deep.indexEntries).toBeLessThan(3 * hour + 300);
    },
  );
});
