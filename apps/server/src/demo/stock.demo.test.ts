import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
