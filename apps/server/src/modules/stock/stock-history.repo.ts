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
import { edgeDayOf, walkedDays } from '../../db/day-edge.ts';
import {
  lots,
  productItems,
  stockHistory,
  stockHistoryDayCounts,
  stockHistoryDays,
  stockHistoryHourCounts,
  stockHistoryHours,
  users,
  warehouses,
} from '../../db/schema.ts';

type Query = z.output<typeof StockHistoryQuery>;

/**
 * The settled days of the query's range, when its total can come from the day counts, and the settled
 * hours after them (today's, mostly: ISO instants, `to` excluded), whose rows come from the hour counts.
 */
export type SettledDays = {
  from: string;
  to: string;
  days: number;
  hours: { from: string; to: string; count: number };
};

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

/** The query's rows up to the end of the day and hour a deep page starts in (`settledDayOfRow`). */
export function conditionsBefore(query: Query, edge: { edgeDay: string; hourEnd: string | null }) {
  const before = historyConditions({ ...query, endDate: edge.edgeDay });
  return edge.hourEnd ? and(before, lt(stockHistory.createdAt, new Date(edge.hourEnd))) : before;
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

/** The instant an Istanbul day (a `date` expression) starts at. */
const dayStart = (day: SQL) => sql`(${day}::timestamp at time zone ${PORTAL_TIME_ZONE})`;

/** The query's warehouse as a condition on a table of counts. */
const warehouseOf = (query: Query, counts: typeof stockHistoryDayCounts | typeof stockHistoryHourCounts) =>
  query.warehouseId ? eq(counts.warehouseId, query.warehouseId) : undefined;

/**
 * The query's settled days and hours as conditions on their counts (`stock_history_day_counts`,
 * `stock_history_hour_counts`), and the rest of its range, after them, as conditions on the rows.
 */
function settledAndRest(query: Query, { from, to, hours }: SettledDays) {
  const c = stockHistoryDayCounts;
  const h = stockHistoryHourCounts;
  return {
    dayFilters: and(
      sql`${c.day} between ${from}::date and ${to}::date`,
      warehouseOf(query, c),
      query.action ? eq(c.action, query.action) : undefined,
    ),
    // Hours are not counted per movement type: a page of one type has none (`settledSpan`).
    hourFilters: and(
      sql`${h.hour} >= ${hours.from}::timestamptz and ${h.hour} < ${hours.to}::timestamptz`,
      warehouseOf(query, h),
    ),
    rest: and(
      historyConditions({ ...query, startDate: undefined }),
      gte(stockHistory.createdAt, new Date(hours.to)),
    ),
  };
}

/**
 * The rows the query matches in its settled days (`kept`, summed from `stock_history_day_counts`: a few
 * rows a day), in the settled hours after them (`hourly`, from `stock_history_hour_counts`) and after
 * those (`rest`, counted row by row: an hour or two), and how many of its settled days and hours are
 * counted. So a week's total costs a few hundred small rows instead of its ~20,000 index entries, and
 * today's part no longer grows through the day.
 */
function totalSql(
  query: Query,
  where: SQL | undefined,
  settled: SettledDays | undefined,
): { kept: SQL<number>; hourly: SQL<number>; rest: SQL<number>; counted: SQL<number> } {
  const none = sql<number>`0`.mapWith(Number);
  if (!settled) {
    // Row by row, the count stops one past COUNT_LIMIT (decision 149): no range is a whole table.
    const rest = sql<number>`(select count(*) from (select 1 from ${stockHistory} where ${where ?? sql`true`}
        limit ${COUNT_LIMIT + 1}) as upto)`.mapWith(Number);
    return { kept: none, hourly: none, rest, counted: none };
  }
  const c = stockHistoryDayCounts;
  const h = stockHistoryHourCounts;
  const { dayFilters, hourFilters, rest } = settledAndRest(query, settled);
  return {
    kept: sql<number>`(select coalesce(sum(${c.rows}), 0) from ${c} where ${dayFilters})`.mapWith(Number),
    hourly: sql<number>`(select coalesce(sum(${h.rows}), 0) from ${h} where ${hourFilters})`.mapWith(Number),
    rest: sql<number>`(select count(*) from ${stockHistory} where ${rest})`.mapWith(Number),
    counted: sql<number>`((select count(*) from ${stockHistoryDays}
      where ${stockHistoryDays.day} between ${settled.from}::date and ${settled.to}::date)
      + (select count(*) from ${stockHistoryHours}
      where ${stockHistoryHours.hour} >= ${settled.hours.from}::timestamptz
        and ${stockHistoryHours.hour} < ${settled.hours.to}::timestamptz))`.mapWith(Number),
  };
}

/**
 * Counts the settled days of the range that are not counted yet, each with its hours (an hour counted
 * already, while its day was today, keeps its count), and then the settled hours after them, a statement
 * each. Two processes may race for a day or an hour: the second waits on the first's row and leaves it
 * to the first.
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
        ),
        counted as (
          select m.day, d.hour, d.warehouse_id, d.action, d.rows
            from marked m
            -- Day by day, so each is read as one range of the created_at index, never the whole history.
            cross join lateral (
              select date_trunc('hour', h.created_at, 'UTC') as hour, h.warehouse_id, h.action,
                     count(*)::int as rows
                from ${stockHistory} h
               where h.created_at >= ${dayStart(sql`m.day`)} and h.created_at < ${dayStart(sql`(m.day + 1)`)}
               group by 1, 2, 3
            ) d
        ),
        hours as (
          insert into ${stockHistoryHours} (hour)
          select g.hour
            from marked m
            cross join lateral generate_series(${dayStart(sql`m.day`)},
              ${dayStart(sql`(m.day + 1)`)} - interval '1 hour', interval '1 hour') as g(hour)
           order by g.hour
          on conflict do nothing returning hour
        ),
        hour_counts as (
          insert into ${stockHistoryHourCounts} (hour, warehouse_id, rows)
          select c.hour, c.warehouse_id, sum(c.rows)::int from counted c join hours using (hour)
           group by 1, 2
        )
        insert into ${stockHistoryDayCounts} (day, warehouse_id, action, rows)
        select day, warehouse_id, action, sum(rows)::int from counted group by 1, 2, 3`,
  );
  if (settled.hours.count === 0) return;
  await db.execute(
    sql`with missing as (
          select g.hour from generate_series(${settled.hours.from}::timestamptz,
            ${settled.hours.to}::timestamptz - interval '1 hour', interval '1 hour') as g(hour)
           where not exists (select 1 from ${stockHistoryHours} s where s.hour = g.hour)
        ),
        marked as (
          insert into ${stockHistoryHours} (hour) select hour from missing order by hour
          on conflict do nothing returning hour
        )
        insert into ${stockHistoryHourCounts} (hour, warehouse_id, rows)
        select m.hour, d.warehouse_id, d.rows
          from marked m
          cross join lateral (
            select h.warehouse_id, count(*)::int as rows
              from ${stockHistory} h
             where h.created_at >= m.hour and h.created_at < m.hour + interval '1 hour'
             group by h.warehouse_id
          ) d`,
  );
}

/**
 * Where the row `offset` places below the newest of the query's range lies, when that is in its settled
 * days (decisions 195 and 198): the settled day that holds it, the end of its hour in that day (ISO),
 * and how many rows are newer than that hour (the `unsettled` rest, as the page's count read it, the
 * later settled days and the day's later hours, from their counts). Undefined when the row is among the
 * unsettled ones or past the last; the settled days must be counted (`countSettledDays`).
 */
export async function settledDayOfRow(
  db: Db,
  query: Query,
  settled: SettledDays,
  { offset, unsettled }: { offset: number; unsettled: number },
): Promise<{ edgeDay: string; hourEnd: string | null; passed: number } | undefined> {
  if (unsettled > offset) return undefined;
  const c = stockHistoryDayCounts;
  const h = stockHistoryHourCounts;
  const { dayFilters } = settledAndRest(query, settled);
  // A counted day's hours are all counted: counted with it, or before it while it was today. Walked only
  // while they hold the day's rows (`whole`), so a day counted without its hours starts at the day's end,
  // as does a page of one movement type, which has no hours to walk.
  const hours = sql`(select ${h.hour} as day, sum(${h.rows}) as count, sum(sum(${h.rows})) over () as whole
                       from ${h}
                      where ${query.action ? sql`false` : sql`true`}
                        and ${h.hour} >= ${dayStart(sql`e.day`)} and ${h.hour} < ${dayStart(sql`(e.day + 1)`)}
                        and ${warehouseOf(query, h) ?? sql`true`}
                      group by ${h.hour})`;
  const [edge] = await rowsOf<{ edgeDay: string; hourEnd: number | null; passed: number }>(
    db,
    // Only while every settled day of the range is counted: a write into one since its count forgot it.
    sql`with days as (
          select ${c.day} as day, sum(${c.rows}) as count from ${c} where ${dayFilters} group by ${c.day}
          having (select count(*) from ${stockHistoryDays}
                   where ${stockHistoryDays.day} between ${settled.from}::date and ${settled.to}::date)
                 = ${settled.days})
        select e.day::text as "edgeDay",
               extract(epoch from o.day)::float8 + 3600 as "hourEnd",
               (${unsettled}::bigint + e.through - e.count + coalesce(o.through - o.count, 0))::int as passed
          from (select 1) one
          cross join ${edgeDayOf(walkedDays(sql`days`, 'newest'), offset - unsettled)}
          left join lateral (
            select w.* from ${walkedDays(hours, 'newest')} w
             where w.whole = e.count and w.through > ${offset - unsettled}::bigint - (e.through - e.count)
             limit 1
          ) o on true`,
  );
  return (
    edge && {
      ...edge,
      hourEnd: edge.hourEnd === null ? null : new Date(edge.hourEnd * 1000).toISOString(),
    }
  );
}

/**
 * The query's total, the part of it after its settled days (`unsettled`) and how many of its settled
 * days and hours are counted, as `totalSql` reads them.
 */
export async function readHistoryTotals(
  db: Db,
  query: Query,
  where: SQL | undefined,
  settled: SettledDays | undefined,
): Promise<{ total: number; unsettled: number; counted: number }> {
  const [read] = await db.select(totalSql(query, where, settled)).from(sql`(select 1) as one`);
  const { kept, hourly, rest, counted } = read!;
  return { total: kept + hourly + rest, unsettled: hourly + rest, counted };
}
