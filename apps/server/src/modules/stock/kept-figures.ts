import { sql } from 'drizzle-orm';
import type { KeptFigure } from '../../db/kept-figure.ts';

/** The history rows of each counted day, per warehouse and action, counted from the rows. */
const SUMMED_COUNTED_DAYS = sql`
  select (h.created_at at time zone 'Europe/Istanbul')::date as day, h.warehouse_id, h.action, count(*)::int as rows
    from stock_history h
   where (h.created_at at time zone 'Europe/Istanbul')::date in (select day from stock_history_days)
   group by 1, 2, 3`;

/**
 * The stock history's rows per past day, warehouse and action (migration 0006, decision 164): counted
 * when a range's page first needs a finished day, and forgotten by statement triggers on the history
 * whenever a row of that day is written, changed or removed; a forgotten day is counted again on the
 * next read, so forgetting every day is its recount.
 */
export const STOCK_HISTORY_DAY_COUNTS: KeptFigure = {
  name: "the stock history's counted days",
  table: 'stock_history_day_counts',
  triggers: [
    { table: 'stock_history', trigger: 'stock_history_written_days' },
    { table: 'stock_history', trigger: 'stock_history_changed_days' },
    { table: 'stock_history', trigger: 'stock_history_removed_days' },
    { table: 'stock_history', trigger: 'stock_history_truncated_days' },
  ],
  services: ['apps/server/src/modules/stock/stock-history.service.ts (counts a finished day on read)'],
  differences: sql`
    select concat_ws(' ', coalesce(k.day, s.day), 'warehouse', coalesce(k.warehouse_id, s.warehouse_id),
                     coalesce(k.action, s.action)) as key,
           coalesce(k.rows, 0)::text as kept, coalesce(s.rows, 0)::text as summed
      from stock_history_day_counts k
      full join (${SUMMED_COUNTED_DAYS}) s
        on s.day = k.day and s.warehouse_id = k.warehouse_id and s.action = k.action
     where coalesce(k.rows, 0) <> coalesce(s.rows, 0)
     order by 1`,
  recount: [sql`delete from stock_history_days`],
};

/** The history rows of each counted hour, per warehouse, counted from the rows. */
const SUMMED_COUNTED_HOURS = sql`
  select date_trunc('hour', h.created_at, 'UTC') as hour, h.warehouse_id, count(*)::int as rows
    from stock_history h
   where date_trunc('hour', h.created_at, 'UTC') in (select hour from stock_history_hours)
   group by 1, 2`;

/**
 * The stock history's rows per past hour and warehouse (migration 0038, decision 198): counted with
 * their day, or alone once an hour has ended an hour ago, and forgotten by the same triggers as the
 * days; forgetting every hour is their recount.
 */
export const STOCK_HISTORY_HOUR_COUNTS: KeptFigure = {
  name: "the stock history's counted hours",
  table: 'stock_history_hour_counts',
  triggers: STOCK_HISTORY_DAY_COUNTS.triggers,
  services: ['apps/server/src/modules/stock/stock-history.service.ts (counts a finished hour on read)'],
  differences: sql`
    select concat_ws(' ', to_char(coalesce(k.hour, s.hour) at time zone 'UTC', 'YYYY-MM-DD HH24":00" UTC'),
                     'warehouse', coalesce(k.warehouse_id, s.warehouse_id)) as key,
           coalesce(k.rows, 0)::text as kept, coalesce(s.rows, 0)::text as summed
      from stock_history_hour_counts k
      full join (${SUMMED_COUNTED_HOURS}) s on s.hour = k.hour and s.warehouse_id = k.warehouse_id
     where coalesce(k.rows, 0) <> coalesce(s.rows, 0)
     order by 1`,
  recount: [sql`delete from stock_history_hours`],
};
