import { addDays, istanbulDate } from '@mandira/contract/istanbul-time';
import { EXPIRY_WARNING_DAYS } from '@mandira/contract/lots';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotLedgerBreaks } from '../../test/builders/stock-test-data.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../db/client.ts';
import { seedProductsDemo } from './products.demo.ts';
import { seedStockDemo } from './stock.demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedProductsDemo(t.db);
  await seedStockDemo(t.db);
}, 120_000);
afterAll(() => t.close());

describe('the stock demo data', () => {
  it('stocks the demo items over four weeks, every line equal to the sum of its history', async () => {
    const [figures] = await rowsOf<{
      warehouses: number;
      rows: number;
      days: number;
      mismatched: number;
      stocked: number;
    }>(
      t.db,
      sql`select
        (select count(*)::int from warehouses) as warehouses,
        (select count(*)::int from stock_history) as rows,
        (select count(distinct (created_at at time zone 'Europe/Istanbul')::date)::int from stock_history) as days,
        (select count(*)::int from stock_lines l where l.quantity <> coalesce((select sum(h.quantity_change) from stock_history h where h.stock_line_id = l.id), 0)) as mismatched,
        (select count(*)::int from stock_lines where quantity > 0) as stocked`,
    );
    expect(figures!.warehouses).toBe(6);
    expect(figures!.rows).toBeGreaterThan(500);
    expect(figures!.days).toBeGreaterThanOrEqual(20);
    expect(figures!.mismatched).toBe(0);
    expect(figures!.stocked).toBeGreaterThan(20);
  });
});

describe('the lots of the stock demo', () => {
  it('keeps lines = Σ lots = Σ history, with lots expiring soon and one expired return on hand', async () => {
    expect(await lotLedgerBreaks(t)).toEqual([]);
    const lots = await rowsOf<{ code: string; expiry: string; quantity: number; received_as: string[] }>(
      t.db,
      sql`select t.code, t.expiry_date::text as expiry, sum(ls.quantity)::int as quantity,
                 array(select distinct h.action from stock_history h where h.lot_id = t.id and h.quantity_change > 0) as received_as
            from lots t join lot_stocks ls on ls.lot_id = t.id
           where t.code <> ''
           group by t.id`,
    );
    const today = istanbulDate(new Date());
    expect(lots.every((lot) => /^\d{4}-[A-E]$/.test(lot.code))).toBe(true);
    const expired = lots.filter((lot) => lot.expiry < today);
    expect(expired).toHaveLength(1);
    expect(expired[0]!.received_as).toEqual(['RETURN_INBOUND']);
    const soon = lots.filter(
      (lot) => lot.expiry >= today && lot.expiry <= addDays(today, EXPIRY_WARNING_DAYS),
    );
    expect(soon.length).toBeGreaterThanOrEqual(2);
    const later = new Set(lots.filter((lot) => lot.expiry > addDays(today, 7)).map((lot) => lot.expiry));
    expect(later.size).toBeGreaterThan(5);
  });
});
