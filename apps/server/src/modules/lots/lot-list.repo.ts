import { addDays, toIstanbulIso } from '@mandira/contract/istanbul-time';
import { todayInIstanbul } from '@mandira/contract/lots';
import type { LotQuery, LotSummary } from '@mandira/contract/lots-answers';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { turkishContains } from '../../db/turkish-search.ts';

/**
 * The lots list's reads (`GET /lots`) in FEFO order — earliest expiry first, the undated lots last —
 * filtered and paged in SQL (docs/domain/lots.md): lots, their item and lot_stocks.
 */

type Query = z.output<typeof LotQuery>;

type SummaryRow = {
  id: number;
  code: string;
  expiry_date: string | null;
  production_date: string | null;
  created_at: string | Date;
  item_id: number;
  item_name: string;
  stock_code: string;
  quantity_in_box: number;
  on_hand: number;
  warehouses: { warehouseId: number; name: string; label: string; quantity: number }[];
};

const DAY_MS = 86_400_000;
const daysFrom = (today: string, day: string) => Math.round((Date.parse(day) - Date.parse(today)) / DAY_MS);

/** A lot with its item and on-hand pieces per warehouse; `where` narrows `lots t` joined to `product_items i`. */
export async function lotSummaries(
  db: Db | Tx,
  where: SQL,
  page: { limit: number; offset: number } = { limit: 1, offset: 0 },
  today = todayInIstanbul(),
): Promise<LotSummary[]> {
  const rows = await rowsOf<SummaryRow>(
    db,
    sql`select t.id, t.code, t.expiry_date::text as expiry_date, t.production_date::text as production_date,
               t.created_at, i.id as item_id, i.name as item_name, i.stock_code, i.quantity_in_box,
               coalesce(s.on_hand, 0)::float8 as on_hand, coalesce(s.warehouses, '[]'::json) as warehouses
          from lots t
          join product_items i on i.id = t.product_item_id
          left join lateral (
            select sum(ls.quantity) as on_hand,
                   json_agg(json_build_object('warehouseId', w.id, 'name', w.name, 'label', w.short_name,
                                              'quantity', ls.quantity) order by w.id) as warehouses
              from lot_stocks ls join warehouses w on w.id = ls.warehouse_id
             where ls.lot_id = t.id and ls.quantity > 0) s on true
         where ${where}
         order by t.expiry_date asc nulls last, t.id
         limit ${page.limit} offset ${page.offset}`,
  );
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    expiryDate: row.expiry_date,
    productionDate: row.production_date,
    item: {
      id: row.item_id,
      name: row.item_name,
      stockCode: row.stock_code,
      quantityInBox: row.quantity_in_box,
    },
    onHand: row.on_hand,
    warehouses: row.warehouses.map(({ warehouseId, name, label, quantity }) => ({
      warehouseId,
      warehouse: { name, label },
      quantity,
    })),
    expired: row.expiry_date !== null && row.expiry_date < today,
    daysLeft: row.expiry_date === null ? null : daysFrom(today, row.expiry_date),
    createdAt: toIstanbulIso(new Date(row.created_at)),
  }));
}

/** Pieces of the lot on hand (in the warehouse, when given). */
const onHandIn = (warehouseId?: number) =>
  sql`exists (select 1 from lot_stocks ls where ls.lot_id = t.id and ls.quantity > 0
                 ${warehouseId === undefined ? sql`` : sql`and ls.warehouse_id = ${warehouseId}`})`;

/**
 * The query's conditions on `lots t` and `product_items i`. The expiry filters are about stock to act on,
 * so they take only lots with pieces on hand: expiring from today up to N days ahead, or expired.
 */
export function lotConditions(query: Query, today: string): SQL {
  const conditions: SQL[] = [sql`true`];
  if (query.productItemId) conditions.push(sql`t.product_item_id = ${query.productItemId}`);
  if (query.warehouseId) conditions.push(onHandIn(query.warehouseId));
  if (query.inStock) conditions.push(onHandIn());
  if (query.inStock === false) conditions.push(sql`not ${onHandIn()}`);
  if (query.expiringWithinDays !== undefined) {
    conditions.push(
      sql`t.expiry_date >= ${today}::date and t.expiry_date <= ${addDays(today, query.expiringWithinDays)}::date`,
      onHandIn(),
    );
  }
  if (query.expired) conditions.push(sql`t.expiry_date < ${today}::date`, onHandIn());
  if (query.expired === false)
    conditions.push(sql`(t.expiry_date is null or t.expiry_date >= ${today}::date)`);
  if (query.code) conditions.push(turkishContains([sql`t.code`], query.code));
  if (query.q) conditions.push(turkishContains([sql`t.code`, sql`i.name`, sql`i.stock_code`], query.q));
  return sql.join(conditions, sql` and `);
}

/** How many lots `where` (see lotConditions) matches. */
export async function countLots(db: Db | Tx, where: SQL): Promise<number> {
  const [counted] = await rowsOf<{ count: number }>(
    db,
    sql`select count(*)::int as count from lots t join product_items i on i.id = t.product_item_id where ${where}`,
  );
  return counted!.count;
}

/** The lot's summary, as the lots list shows it; undefined for an unknown lot. */
export async function lotSummaryOf(db: Db | Tx, lotId: number): Promise<LotSummary | undefined> {
  const [lot] = await lotSummaries(db, sql`t.id = ${lotId}`);
  return lot;
}
