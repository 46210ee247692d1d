import {
  addDays,
  PORTAL_TIME_ZONE,
  startOfIstanbulDay,
  toIstanbulIso,
} from '@mandira/contract/istanbul-time';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import {
  type StockHistoryEntry,
  type StockHistoryQuery,
  stockActionDescription,
} from '@mandira/contract/stock';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../db/client.ts';
import { edgeColumns, edgeDayOf, walkedDays } from '../../db/day-edge.ts';
import {
  lots,
  productItems,
  stockHistory,
  stockHistoryDayCounts,
  stockHistoryDays,
  users,
  warehouses,
} from '../../db/schema.ts';

type Query = z.output<typeof StockHistoryQuery>;

/** The settled days of the query's range, when its total can come from the day counts. */
export type SettledDays = { from: string; to: string; days: number };

export function historyConditions(query: Query): SQL | undefined {
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

/** The newest `limit` entries matching `where`: nothing to skip, so no ids first. */
export async function newestHistoryEntries(
  db: Db,
  where: SQL | undefined,
  limit: number,
): Promise<StockHistoryEntry[]> {
  return (await selectHistory(db, where).limit(limit)).map(toEntry);
}

/** The entries of a page, `limit` of them after `offset`, through `historyPage`. */
export async function historyPageEntries(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<StockHistoryEntry[]> {
  return (await historyPage(db, where, limit, offset)).map(toEntry);
}

/**
 * The query's settled days as conditions on their counts (`stock_history_day_counts`), and the rest of
 * its range, after them, as conditions on the rows.
 */
function settledAndRest(query: Query, settled: SettledDays) {
  const c = stockHistoryDayCounts;
  return {
    dayFilters: and(
      sql`${c.day} between ${settled.from}::date and ${settled.to}::date`,
      query.warehouseId ? eq(c.warehouseId, query.warehouseId) : undefined,
      query.action ? eq(c.action, query.action) : undefined,
    ),
    rest: historyConditions({ ...query, startDate: addDays(settled.to, 1) }),
  };
}

/**
 * The rows the query matches in its settled days (`kept`, summed from `stock_history_day_counts`: a few
 * rows a day) and after them (`unsettled`, counted row by row), and how many of its settled days are
 * counted. So a week's total costs a handful of rows instead of its ~20,000 index entries.
 */
function totalSql(
  query: Query,
  where: SQL | undefined,
  settled: SettledDays | undefined,
): { kept: SQL<number>; unsettled: SQL<number>; counted: SQL<number> } {
  const none = sql<number>`0`.mapWith(Number);
  if (!settled) {
    // Row by row, the count stops one past COUNT_LIMIT (decision 149): no range is a whole table.
    const unsettled =
      sql<number>`(select count(*) from (select 1 from ${stockHistory} where ${where ?? sql`true`}
        limit ${COUNT_LIMIT + 1}) as upto)`.mapWith(Number);
    return { kept: none, unsettled, counted: none };
  }
  const c = stockHistoryDayCounts;
  const { dayFilters, rest } = settledAndRest(query, settled);
  return {
    kept: sql<number>`(select coalesce(sum(${c.rows}), 0) from ${c} where ${dayFilters})`.mapWith(Number),
    unsettled: sql<number>`(select count(*) from ${stockHistory} where ${rest})`.mapWith(Number),
    counted: sql<number>`(select count(*) from ${stockHistoryDays}
      where ${stockHistoryDays.day} between ${settled.from}::date and ${settled.to}::date)`.mapWith(Number),
  };
}

/**
 * Counts the settled days of the range that are not counted yet, in one statement. Two processes may
 * race for a day: the second waits on the first's row and leaves the day to it.
 */
export async function countSettledDays(db: Db, settled: SettledDays): Promise<void> {
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

/**
 * Where the row `offset` places below the newest of the query's range lies, when that is in its settled
 * days (decision 195): the settled day that holds it, and how many rows are newer than that day (the
 * `unsettled` rest, as the page's count read it, and the later settled days, from their counts).
 * Undefined when the row is among the unsettled ones or past the last; the settled days must be counted
 * (`countSettledDays`).
 */
export async function settledDayOfRow(
  db: Db,
  query: Query,
  settled: SettledDays,
  { offset, unsettled }: { offset: number; unsettled: number },
): Promise<{ edgeDay: string; passed: number } | undefined> {
  if (unsettled > offset) return undefined;
  const c = stockHistoryDayCounts;
  const { dayFilters } = settledAndRest(query, settled);
  const [edge] = await rowsOf<{ edgeDay: string; passed: number }>(
    db,
    // Only while every settled day of the range is counted: a write into one since its count forgot it.
    sql`with days as (
          select ${c.day} as day, sum(${c.rows}) as count from ${c} where ${dayFilters} group by ${c.day}
          having (select count(*) from ${stockHistoryDays}
                   where ${stockHistoryDays.day} between ${settled.from}::date and ${settled.to}::date)
                 = ${settled.days})
        select ${edgeColumns(unsettled)}
          from (select 1) one cross join ${edgeDayOf(walkedDays(sql`days`, 'newest'), offset - unsettled)}`,
  );
  return edge;
}

/** The rows the query matches after its settled days, counted row by row (today's, mostly). */
export async function countUnsettled(db: Db, query: Query, settled: SettledDays): Promise<number> {
  const [row] = await db
    .select({ unsettled: totalSql(query, undefined, settled).unsettled })
    .from(sql`(select 1) as one`);
  return row!.unsettled;
}

/**
 * The query's total, the part of it after its settled days (`unsettled`) and how many of its settled
 * days are counted, as `totalSql` reads them.
 */
export async function readHistoryTotals(
  db: Db,
  query: Query,
  where: SQL | undefined,
  settled: SettledDays | undefined,
): Promise<{ total: number; unsettled: number; counted: number }> {
  const [read] = await db.select(totalSql(query, where, settled)).from(sql`(select 1) as one`);
  const { kept, unsettled, counted } = read!;
  return { total: kept + unsettled, unsettled, counted };
}
