import { addDays, startOfIstanbulDay, toIstanbulIso } from '@mandira/contract/istanbul-time';
import {
  STOCK_HISTORY_UNPAGED_LIMIT,
  type StockHistoryEntry,
  type StockHistoryPage,
  type StockHistoryQuery,
  stockActionDescription,
} from '@mandira/contract/stock';
import { and, count, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { productItems, stockHistory, users, warehouses } from '../../db/schema.ts';

type Query = z.output<typeof StockHistoryQuery>;
const DEFAULT_PAGE_SIZE = 50;

function historyConditions(query: Query): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.productItemId) conditions.push(eq(stockHistory.productItemId, query.productItemId));
  if (query.warehouseId) conditions.push(eq(stockHistory.warehouseId, query.warehouseId));
  if (query.action) conditions.push(eq(stockHistory.action, query.action));
  if (query.startDate) conditions.push(gte(stockHistory.createdAt, startOfIstanbulDay(query.startDate)));
  if (query.endDate) {
    conditions.push(lt(stockHistory.createdAt, startOfIstanbulDay(addDays(query.endDate, 1))));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * Newest first, spelled as the index `stock_history_created_at_idx` is built (DESC NULLS LAST): a plain
 * `desc` means NULLS FIRST, which that index cannot give, and PostgreSQL would then read and sort every
 * row of the range (hundreds of ms for a week at a million rows) instead of stopping after one page.
 */
const NEWEST_FIRST = [
  sql`${stockHistory.createdAt} desc nulls last`,
  sql`${stockHistory.id} desc nulls last`,
] as const;

const historyColumns = {
  id: stockHistory.id,
  productItemId: stockHistory.productItemId,
  productItemName: productItems.name,
  stockCode: productItems.stockCode,
  quantityInBox: sql<number>`coalesce(${productItems.quantityInBox}, 0)`.mapWith(Number),
  action: stockHistory.action,
  orderId: stockHistory.orderId,
  quantityChange: stockHistory.quantityChange,
  quantityAfterChange: stockHistory.quantityAfterChange,
  warehouseId: stockHistory.warehouseId,
  warehouseName: warehouses.name,
  warehouseLabel: warehouses.shortName,
  createdAt: stockHistory.createdAt,
  notes: stockHistory.notes,
  createdBy: sql<string>`coalesce(nullif(btrim(${users.name} || ' ' || ${users.surname}), ''), ${users.userName}, '')`,
};

function selectHistory<Extra extends Record<string, SQL.Aliased | SQL>>(
  db: Db,
  where: SQL | undefined,
  extra: Extra = {} as Extra,
) {
  return db
    .select({ ...historyColumns, ...extra })
    .from(stockHistory)
    .leftJoin(productItems, eq(productItems.id, stockHistory.productItemId))
    .leftJoin(warehouses, eq(warehouses.id, stockHistory.warehouseId))
    .leftJoin(users, eq(users.id, stockHistory.createdBy))
    .where(where)
    .orderBy(...NEWEST_FIRST);
}

type Row = Awaited<ReturnType<typeof selectHistory<{}>>>[number];
const toEntry = ({ warehouseName, warehouseLabel, ...row }: Row): StockHistoryEntry => ({
  ...row,
  action: stockActionDescription(row.action),
  wareHouse: {
    name: warehouseName ?? `DEPO${row.warehouseId}`,
    label: warehouseLabel ?? `Depo-${row.warehouseId}`,
  },
  createdAt: toIstanbulIso(row.createdAt),
});

/** Newest first; without `page` and `size` a plain array of at most the newest 5000 rows. */
export async function listStockHistory(
  db: Db,
  query: Query,
): Promise<StockHistoryEntry[] | StockHistoryPage> {
  const where = historyConditions(query);
  if (query.page === undefined && query.size === undefined) {
    const rows = await selectHistory(db, where).limit(STOCK_HISTORY_UNPAGED_LIMIT);
    return rows.map(toEntry);
  }
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  // The total rides along with the page (an uncorrelated subquery, computed once): one round trip.
  const total = sql<number>`(select count(*) from ${stockHistory} where ${where ?? sql`true`})`.mapWith(
    Number,
  );
  const rows = await selectHistory(db, where, { total })
    .limit(size)
    .offset((page - 1) * size);
  const counted = rows[0]?.total ?? (await countHistory(db, where));
  return {
    entries: rows.map(({ total: _total, ...row }) => toEntry(row)),
    page,
    size,
    count: counted,
    totalPages: Math.ceil(counted / size),
  };
}

/** A page past the end has no row to carry the total. */
async function countHistory(db: Db, where: SQL | undefined): Promise<number> {
  const [total] = await db.select({ value: count() }).from(stockHistory).where(where);
  return total?.value ?? 0;
}
