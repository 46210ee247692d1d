import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsRead } from '../../test/rows-read.ts';
import { createPostgresTestDatabase } from '../../test/test-database.ts';
import { connectPostgres, type Database, type Db, rowsOf } from '../db/client.ts';
import { listAuditEntries } from '../modules/audit/audit.service.ts';
import { listMilkDeliveries } from '../modules/milk/milk-delivery.service.ts';
import { listProductItems } from '../modules/products/product-item.repo.ts';
import { listStockHistory } from '../modules/stock/stock-history.service.ts';
import { WrittenJson } from './written-json.ts';

const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const ROWS = 2_100;
const SIZE = 50;
const DEEP = 40;
/** A page reads a few rows per row it shows, and a handful of lookups; never every row it skips. */
const withinPage = (rows: number, perRow: number, constant = 100) =>
  expect(rows).toBeLessThanOrEqual(perRow * SIZE + constant);

/**
 * Decision 164: the audit trail, the milk deliveries and the catalogue read what their page shows,
 * counted as PostgreSQL counts the rows it reads; a regression to counting or skipping every match fails.
 */
describe.skipIf(!serverUrl)('pages read what they show (PostgreSQL)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let db: Db;

  beforeAll(async () => {
    const created = await createPostgresTestDatabase(serverUrl!);
    drop = created.drop;
    database = connectPostgres(created.url, { poolSize: 2, onIdleError: () => {} });
    await database.migrate();
    db = database.db;
    // One world of 2,100 of each, grown by SQL for speed: the triggers keep their counts as the app's
    // writes would.
    await db.execute(sql`insert into milk_vehicles (licence_plate_code) values ('06 PRR 42')`);
    await db.execute(sql`insert into milk_vehicle_drivers (name, surname) values ('Sayfa', 'Okur')`);
    await db.execute(sql`insert into milk_deliveries (milk_vehicle_id, milk_vehicle_driver_id, delivered_cow_milk_volume,
        delivered_sheep_milk_volume, delivered_goat_milk_volume, delivery_date_time)
      select (select min(id) from milk_vehicles), (select min(id) from milk_vehicle_drivers), 100, 0, 0,
             now() - make_interval(mins => n * 41) from generate_series(1, ${ROWS}) n`);
    await db.execute(sql`insert into audit_entries (actor_name, action, entity_type, entity_id, changes)
      select 'Sayfa Okur', 'CREATE', 'WAREHOUSE', n, '[]'::jsonb from generate_series(1, ${ROWS}) n`);
    await db.execute(sql`insert into product_items (name, stock_code, barcode, packaging_type, warehouse_stock_type,
        packaging_unit_type, packaging_unit_type_amount, width, length, height, quantity_in_box)
      select 'Sayfa ürünü ' || n, 'PRR-' || lpad(n::text, 5, '0'), '8690042' || lpad(n::text, 6, '0'), 'BOTTLE',
             'FOODS', 'TONS', 1, 10, 10, 10, 6 from generate_series(1, ${ROWS}) n`);
    await db.execute(sql`insert into stock_history (stock_line_id, product_item_id, warehouse_id, action, quantity_change,
        quantity_after_change, created_at)
      select sl.id, sl.product_item_id, sl.warehouse_id, 'PURCHASE_INBOUND', 1, n, now() - make_interval(mins => n)
        from generate_series(1, ${ROWS}) n
        join stock_lines sl on sl.product_item_id = (select min(id) - 1 from product_items) + n
         and sl.warehouse_id = (select min(id) from warehouses)`);
    // As autovacuum would have: statistics, and pages marked all-visible for index-only scans.
    await db.execute(sql`vacuum analyze`);
  });

  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('the whole audit trail: a deep page reads its own entries, counted exactly from the chain', async () => {
    let answer: Awaited<ReturnType<typeof listAuditEntries>> | undefined;
    const { rows } = await rowsRead(db, async (tx) => {
      answer = await listAuditEntries(tx, { page: DEEP, size: SIZE });
    });
    expect(answer?.count).toBe(ROWS);
    expect(answer?.countCapped).toBeUndefined();
    expect(answer?.content.map((entry) => entry.entityId)).toEqual(
      Array.from({ length: SIZE }, (_, i) => ROWS - (DEEP - 1) * SIZE - i),
    );
    withinPage(rows, 10);
  });

  it('milk deliveries: a deep page of the range and its count read a few rows per delivery shown', async () => {
    const [exact] = await rowsOf<{ n: string }>(db, sql`select count(*) as n from milk_deliveries`);
    let answer: Awaited<ReturnType<typeof listMilkDeliveries>> | undefined;
    const { rows } = await rowsRead(db, async (tx) => {
      answer = await listMilkDeliveries(tx, { from: '2000-01-01', to: '2100-12-31', page: DEEP, size: SIZE });
    });
    expect(answer && 'count' in answer && answer.count).toBe(Number(exact?.n));
    const deliveries = answer && 'deliveries' in answer ? answer.deliveries : [];
    expect(deliveries).toHaveLength(SIZE);
    // The 1,951st newest delivery opens page 40: deliveries are 41 minutes apart.
    const ids = await rowsOf<{ id: number }>(
      db,
      sql`select id from milk_deliveries order by delivery_date_time desc, id desc limit ${SIZE} offset ${(DEEP - 1) * SIZE}`,
    );
    expect(deliveries.map((delivery) => delivery.id)).toEqual(ids.map((row) => row.id));
    withinPage(rows, 8);
  });

  it('milk deliveries: the kept day counts follow a delivery moved to another day, and one removed', async () => {
    await db.execute(sql`update milk_deliveries set delivery_date_time = delivery_date_time - interval '3 days'
      where id = (select min(id) from milk_deliveries)`);
    await db.execute(sql`delete from milk_deliveries where id = (select max(id) from milk_deliveries)`);
    const [days] = await rowsOf<{ kept: string; counted: string }>(
      db,
      sql`select (select sum(deliveries) from milk_delivery_days) as kept,
                 (select count(*) from milk_deliveries) as counted`,
    );
    expect(Number(days?.kept)).toBe(ROWS - 1);
    expect(Number(days?.counted)).toBe(ROWS - 1);
    const perDay = await rowsOf<{ day: string; deliveries: number; counted: number }>(
      db,
      sql`select k.day::text, k.deliveries, count(m.id)::int as counted from milk_delivery_days k
            left join milk_deliveries m on (m.delivery_date_time at time zone 'Europe/Istanbul')::date = k.day
           group by k.day, k.deliveries having k.deliveries <> count(m.id)`,
    );
    expect(perDay).toEqual([]);
  });

  it('the catalogue: a deep page is counted from the kept item count and joins only its own items', async () => {
    let answer: Awaited<ReturnType<typeof listProductItems>> | undefined;
    const { rows } = await rowsRead(db, async (tx) => {
      answer = await listProductItems(tx, { page: DEEP, size: SIZE });
    });
    const page = answer instanceof WrittenJson ? answer.toJSON() : undefined;
    expect(page?.count).toBe(ROWS);
    expect(page?.items[0]?.stockCode).toBe(`PRR-${String((DEEP - 1) * SIZE + 1).padStart(5, '0')}`);
    // The count is one kept row. The items its offset skips cost an entry of the stock code index and
    // the item's row each (the catalogue grows with the business, not with time); each shown item's
    // stock lines in every warehouse, with their lots, are what the page shows.
    expect(rows).toBeLessThanOrEqual(2 * (DEEP - 1) * SIZE + 80 * SIZE);
  });

  it('a deep stock history page joins only its own rows: the rows it skips cost one index entry each', async () => {
    // The newest settled days are counted once, by the first page asked for (decision 164).
    await listStockHistory(db, { page: 1, size: SIZE });
    let answer: Awaited<ReturnType<typeof listStockHistory>> | undefined;
    const { rows } = await rowsRead(db, async (tx) => {
      answer = await listStockHistory(tx, { page: DEEP, size: SIZE });
    });
    expect(answer && 'entries' in answer && answer.entries[0]?.quantityAfterChange).toBe(
      (DEEP - 1) * SIZE + 1,
    );
    // Counted row by row up to COUNT_LIMIT (decision 149), then the ids of the skipped rows: one index
    // entry each. Joined to their item, warehouse, lot and user, they would cost several times that.
    expect(rows).toBeLessThanOrEqual(2 * ROWS + 10 * SIZE);
  });
});
