import { sql } from 'drizzle-orm';
import type { KeptFigure } from '../../db/kept-figure.ts';

/** The milk deliveries of each Istanbul day, counted from the deliveries. */
const SUMMED_DAYS = sql`
  select (delivery_date_time at time zone 'Europe/Istanbul')::date as day, count(*)::int as deliveries
    from milk_deliveries group by 1`;

/**
 * The milk deliveries of each Istanbul day (migration 0029, decision 164), which count a range's pages:
 * moved by statement triggers on the deliveries.
 */
export const MILK_DELIVERY_DAYS: KeptFigure = {
  name: 'milk deliveries per day',
  table: 'milk_delivery_days',
  triggers: [
    { table: 'milk_deliveries', trigger: 'milk_deliveries_written_days' },
    { table: 'milk_deliveries', trigger: 'milk_deliveries_changed_days' },
    { table: 'milk_deliveries', trigger: 'milk_deliveries_removed_days' },
    { table: 'milk_deliveries', trigger: 'milk_deliveries_truncated_days' },
  ],
  services: [],
  differences: sql`
    select 'day ' || coalesce(k.day, s.day) as key, coalesce(k.deliveries, 0)::text as kept,
           coalesce(s.deliveries, 0)::text as summed
      from milk_delivery_days k
      full join (${SUMMED_DAYS}) s on s.day = k.day
     where coalesce(k.deliveries, 0) <> coalesce(s.deliveries, 0)
     order by 1`,
  recount: [
    sql`delete from milk_delivery_days`,
    sql`insert into milk_delivery_days (day, deliveries) ${SUMMED_DAYS}`,
  ],
};
