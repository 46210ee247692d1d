import {
  addDays,
  daysBetween,
  istanbulDate,
  PORTAL_TIME_ZONE,
  startOfIstanbulDay,
  toIstanbulIso,
} from '@mandira/contract/istanbul-time';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import {
  STOCK_HISTORY_UNPAGED_LIMIT,
  type StockHistoryEntry,
  type StockHistoryPage,
  type StockHistoryQuery,
  stockActionDescription,
} from '@mandira/contract/stock';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  lots,
  productItems,
  stockHistory,
  stockHistoryDayCounts,
  stockHistoryDays,
  users,
  warehouses,
} from '../../db/schema.ts';
import { type Bounded, readBounded } from '../../http/unpaged-limit.ts';

type Query = z.output<typeof StockHistoryQuery>;
const DEFAULT_PAGE_SIZE = 50;

function historyConditions(query: Query): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.productItemId) conditions.push(eq(stockHistory.productItemId, query.productItemId));
  if (query.warehouseId) conditions.push(eq(stockHistory.warehouseId, query.warehouseId));
  if (query.action) conditions.push(eq(stockHistory.action, query.action));
  if (query.lotId) conditions.push(eq(stockHistory.lotId, query.lotId));
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
  lotId: stockHistory.lotId,
  lotCode: lots.code,
  lotExpiryDate: lots.expiryDate,
  lotProductionDate: lots.productionDate,
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
    .leftJoin(lots, eq(lots.id, stockHistory.lotId))
    .leftJoin(users, eq(users.id, stockHistory.createdBy))
    .where(where)
    .orderBy(...NEWEST_FIRST);
}

/**
 * A page of the history: its ids chosen first from the sort index (decision 164), so the rows its
 * offset skips are never joined to their item, warehouse, lot and user; then the page's own rows.
 */
function historyPage(db: Db, where: SQL | undefined, limit: number, offset = 0) {
  const pageIds = db
    .select({ id: stockHistory.id })
    .from(stockHistory)
    .where(where)
    .orderBy(...NEWEST_FIRST)
    .limit(limit)
    .offset(offset);
  return selectHistory(db, sql`${stockHistory.id} = any(array(${pageIds}))`);
}

type Row = Awaited<ReturnType<typeof selectHistory<Record<never, SQL>>>>[number];
const toEntry = ({
  warehouseName,
  warehouseLabel,
  lotId,
  lotCode,
  lotExpiryDate,
  lotProductionDate,
  ...row
}: Row): StockHistoryEntry => ({
  ...row,
  lot:
    lotId === null
      ? null
      : { id: lotId, code: lotCode ?? '', expiryDate: lotExpiryDate, productionDate: lotProductionDate },
  action: stockActionDescription(row.action),
  wareHouse: {
    name: warehouseName ?? `DEPO${row.warehouseId}`,
    label: warehouseLabel ?? `Depo-${row.warehouseId}`,
  },
  createdAt: toIstanbulIso(row.createdAt),
});

/**
 * A day is counted an hour after it ends: a movement writes its rows with its own start time, so by
 * then none can still add to the day.
 */
const SETTLE_MS = 60 * 60_000;

/** The settled days of the query's range, when its total can come from the day counts. */
type SettledDays = { from: string; to: string; days: number };

function settledDaysOf(query: Query, now: Date): SettledDays | undefined {
  // Counts are kept per warehouse and type; one item's rows are few and counted from its own index.
  if (query.productItemId || query.lotId || !query.startDate || !query.endDate) return undefined;
  const lastSettled = addDays(istanbulDate(new Date(now.getTime() - SETTLE_MS)), -1);
  const to = query.endDate < lastSettled ? query.endDate : lastSettled;
  if (to < query.startDate) return undefined;
  return { from: query.startDate, to, days: daysBetween(query.startDate, to).length };
}

/**
 * The number of rows the query matches, and how many of its settled days are counted. The settled days
 * are summed from `stock_history_day_counts` (a few rows a day) and only the rest of the range is
 * counted row by row, so a week's total costs a handful of rows instead of its ~20,000 index entries.
 */
function totalSql(
  query: Query,
  where: SQL | undefined,
  settled: SettledDays | undefined,
): { total: SQL<number>; counted: SQL<number> } {
  if (!settled) {
    // Row by row, the count stops one past COUNT_LIMIT (decision 149): no range is a whole table.
    return {
      total: sql<number>`(select count(*) from (select 1 from ${stockHistory} where ${where ?? sql`true`}
        limit ${COUNT_LIMIT + 1}) as upto)`.mapWith(Number),
      counted: sql<number>`0`.mapWith(Number),
    };
  }
  const c = stockHistoryDayCounts;
  const dayFilters = and(
    sql`${c.day} between ${settled.from}::date and ${settled.to}::date`,
    query.warehouseId ? eq(c.warehouseId, query.warehouseId) : undefined,
    query.action ? eq(c.action, query.action) : undefined,
  );
  const rest = historyConditions({ ...query, startDate: addDays(settled.to, 1) });
  return {
    total: sql<number>`((select coalesce(sum(${c.rows}), 0) from ${c} where ${dayFilters})
      + (select count(*) from ${stockHistory} where ${rest}))`.mapWith(Number),
    counted: sql<number>`(select count(*) from ${stockHistoryDays}
      where ${stockHistoryDays.day} between ${settled.from}::date and ${settled.to}::date)`.mapWith(Number),
  };
}

/**
 * Counts the settled days of the range that are not counted yet, in one statement. Two processes may
 * race for a day: the second waits on the first's row and leaves the day to it.
 */
async function countSettledDays(db: Db, settled: SettledDays): Promise<void> {
  await db.execute(
    sql`with missing as (
          select d::date as day from generate_series(${settled.from}::date, ${settled.to}::date, interval '1 day') d
           where not exists (select 1 from ${stockHistoryDays} s where s.day = d::date)
        ),
        marked as (
          insert into ${stockHistoryDays} (day) select day from missing order by day
          on conflict do nothing returning day
        )
        insert into ${stockHistoryDayCounts} (day, warehouse_id, action, rows)
        select m.day, d.warehouse_id, d.action, d.rows
          from marked m
          -- Day by day, so each is read as one range of the created_at index, never the whole history.
          cross join lateral (
            select h.warehouse_id, h.action, count(*)::int as rows
              from ${stockHistory} h
             where h.created_at >= (m.day::timestamp at time zone ${PORTAL_TIME_ZONE})
               and h.created_at < ((m.day + 1)::timestamp at time zone ${PORTAL_TIME_ZONE})
             group by h.warehouse_id, h.action
          ) d`,
  );
}

/** The settled days a whole history's count looks at first: a busy week is past COUNT_LIMIT. */
const NEWEST_DAYS = 7;

/**
 * Whether the newest settled days alone hold more than COUNT_LIMIT of the rows a query without dates,
 * item or lot matches, from their kept counts (a few rows a day). Then its count is capped whatever the
 * rest holds, and is answered without reading the history row by row (decision 164): the whole
 * history's page 1, or page 2147483647, no longer counts 10,001 rows.
 */
async function newestDaysPassLimit(db: Db, query: Query): Promise<boolean> {
  if (query.productItemId || query.lotId || query.startDate || query.endDate) return false;
  const to = addDays(istanbulDate(new Date(Date.now() - SETTLE_MS)), -1);
  const settled = { from: addDays(to, 1 - NEWEST_DAYS), to, days: NEWEST_DAYS };
  const window = { ...query, startDate: settled.from, endDate: settled.to };
  const totals = totalSql(window, historyConditions(window), settled);
  const read = async () => (await db.select(totals).from(sql`(select 1) as one`))[0]!;
  let counted = await read();
  if (counted.counted < settled.days) {
    await countSettledDays(db, settled);
    counted = await read();
  }
  return counted.total > COUNT_LIMIT;
}

/**
 * The rows the query matches, counted as a page's total is (the settled days from their counts), and
 * whether the count stopped at COUNT_LIMIT because it went row by row (decision 149).
 */
async function countHistory(
  db: Db,
  query: Query,
  where: SQL | undefined,
): Promise<{ total: number; capped: boolean }> {
  if (await newestDaysPassLimit(db, query)) return { total: COUNT_LIMIT, capped: true };
  const settled = settledDaysOf(query, new Date());
  const totals = totalSql(query, where, settled);
  const read = async () => (await db.select(totals).from(sql`(select 1) as one`))[0]!;
  let counted = await read();
  if (settled && counted.counted < settled.days) {
    await countSettledDays(db, settled);
    counted = await read();
  }
  const capped = !settled && counted.total > COUNT_LIMIT;
  return { total: capped ? COUNT_LIMIT : counted.total, capped };
}

/**
 * Newest first; without `page` and `size` the newest STOCK_HISTORY_UNPAGED_LIMIT rows and how many
 * matched, which the route puts in the answer's headers (decision 113, superseding decision 104's 422).
 * Paged, the count comes first and the pages reach the newest COUNT_LIMIT rows (decision 149): a page
 * beyond them or past the end is answered empty without reading, never through an OFFSET that walks the
 * history.
 */
export async function listStockHistory(
  db: Db,
  query: Query,
): Promise<Bounded<StockHistoryEntry> | StockHistoryPage> {
  const where = historyConditions(query);
  if (query.page === undefined && query.size === undefined) {
    const counted = { capped: false };
    const bounded = await readBounded(
      STOCK_HISTORY_UNPAGED_LIMIT,
      // Every row read is answered: no offset to skip, so no ids first.
      (limit) => selectHistory(db, where).limit(limit),
      async () => {
        const { total, capped } = await countHistory(db, query, where);
        counted.capped = capped;
        return total;
      },
    );
    return { ...bounded, rows: bounded.rows.map(toEntry), totalCapped: counted.capped };
  }
  const page = query.page ?? 1;
  const size = query.size ?? DEFAULT_PAGE_SIZE;
  const { total, capped } = await countHistory(db, query, where);
  const reachable = Math.min(total, COUNT_LIMIT);
  const offset = (page - 1) * size;
  const rows =
    offset < reachable ? await historyPage(db, where, Math.min(size, reachable - offset), offset) : [];
  return {
    entries: rows.map(toEntry),
    page,
    size,
    count: total,
    ...(capped && { countCapped: true as const }),
    totalPages: Math.ceil(reachable / size),
  };
}
