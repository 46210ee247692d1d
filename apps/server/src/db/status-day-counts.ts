import { COUNT_LIMIT } from '@mandira/contract/paging';
import { sql } from 'drizzle-orm';
import { type Db, preparedRowsOf, type Tx } from './client.ts';
import { type DayEdge, edgeColumns, edgeDayOf, walkedDays } from './day-edge.ts';
import type { KeptFigure } from './kept-figure.ts';

/**
 * A table's rows counted per status and Istanbul day of their creation (migrations 0035 and 0036): the
 * counts table, the table it counts, and the deferred trigger (`keep_status_day_counts`) that moves it at
 * commit. A list whose only filters are statuses and whole days is counted by summing these rows
 * (docs/decisions/0191-order-search-counted-from-kept-days.md, 0192 for the shipments).
 */
export type StatusDayCounts = {
  counts: 'order_day_counts' | 'shipment_day_counts';
  counted: 'orders' | 'shipments';
  trigger: string;
};

/**
 * How many rows of these statuses were created from one Istanbul day to another, both included (either
 * open): at most one kept row per status and day of the range, however many rows they count.
 */
export async function keptStatusDayCount(
  db: Db | Tx,
  { counts }: StatusDayCounts,
  statuses: readonly string[],
  { from, to }: { from?: string; to?: string },
): Promise<number> {
  const [row] = await preparedRowsOf<{ count: number }>(
    db,
    `${counts}_sum`,
    sql`select coalesce(sum(count), 0)::int as count from ${sql.identifier(counts)}
         where status = any(${sql.param(statuses)}::text[])
           and day between coalesce(${from ?? null}::date, '-infinity'::date)
                       and coalesce(${to ?? null}::date, 'infinity'::date)`,
  );
  return row?.count ?? 0;
}

/**
 * Where the row `offset` places below the newest of these statuses, created within the days, stands
 * (decision 195): how many rows the range holds (`count`, as `keptStatusDayCount`), and the Istanbul day
 * that holds that row with the rows of the later days (`DayEdge`; null past the last or past COUNT_LIMIT,
 * where no page reaches). A page newest first then reads from that day's end, passing only that day's
 * later rows, instead of walking every row above it. One kept row per status and day of the range, read
 * once.
 */
export async function keptStatusDayPlace(
  db: Db | Tx,
  { counts }: StatusDayCounts,
  statuses: readonly string[],
  { from, to }: { from?: string; to?: string },
  offset: number,
): Promise<KeptDayPlace> {
  const [row] = await preparedRowsOf<KeptDayPlace>(
    db,
    `${counts}_place`,
    sql`with days as materialized (
          select day, sum(count) as count from ${sql.identifier(counts)}
           where status = any(${sql.param(statuses)}::text[])
             and day between coalesce(${from ?? null}::date, '-infinity'::date)
                         and coalesce(${to ?? null}::date, 'infinity'::date)
           group by day)
        select (select coalesce(sum(count), 0) from days)::int as count, ${edgeColumns()}
          from (select 1) one
          left join ${edgeDayOf(walkedDays(sql`days`, 'newest'), offset, sql`${offset}::bigint < ${COUNT_LIMIT}`)} on true`,
  );
  return row!;
}

export type KeptDayPlace = DayEdge & { count: number };

/** The kept figure of a table's status and day counts: its differences from scratch and its recount. */
export function statusDayCountsFigure(
  name: string,
  { counts, counted, trigger }: StatusDayCounts,
): KeptFigure {
  return {
    name,
    table: counts,
    triggers: [{ table: counted, trigger }],
    services: [],
    differences: sql`
      select 'day ' || coalesce(k.status, c.status) || ' ' || coalesce(k.day, c.day) as key,
             coalesce(k.count, 0)::text as kept, coalesce(c.count, 0)::text as summed
        from ${sql.identifier(counts)} k
        full join (select status, buyer_day_of(created_at) as day, count(*)::int as count
                     from ${sql.identifier(counted)} group by 1, 2) c on c.status = k.status and c.day = k.day
       where coalesce(k.count, 0) <> coalesce(c.count, 0)
       order by 1`,
    recount: [sql`select status_day_counts_recount(${counts}, ${counted})`],
  };
}
