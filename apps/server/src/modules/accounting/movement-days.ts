import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import { sql } from 'drizzle-orm';
import { dayOf, type Span } from './account-movements.ts';

/**
 * Where the buyer's movements within `span` (whole Istanbul days) stand, from the counts the writes keep
 * per buyer and day (migration 0033), walked from the newest day (decision 195):
 * - `count`: how many there are, up to COUNT_LIMIT + 1 (decision 149), from as many days as hold them
 *   (over all time, a buyer with more transactions than that, kept in `buyer_balances`, reads none);
 * - `edgeDay`: the day that holds the movement `offset` places below the newest (null past the last),
 *   and `newer`: how many movements the days after it hold; a page past the newest COUNT_LIMIT, which
 *   the pages do not reach, reads no day.
 * A page then reads its movements from that day's end, passing that day's newer movements only, instead
 * of every movement above it.
 */
export const movementDays = (buyerId: number, span: Span, offset: number) => {
  // Each use walks the day rows from the newest down the buyer + day key and stops where it has what it
  // needs; shared as one materialized list, they would be planned as all the buyer's days sorted.
  const within = sql`d.buyer_id = ${buyerId} and ${span.from ? sql`d.day >= ${dayOf(span.from)}` : sql`true`}
       and ${span.to ? sql`d.day < ${dayOf(span.to)}` : sql`true`}`;
  const days = sql`(
    select d.day, d.count, sum(d.count) over (order by d.day desc rows unbounded preceding) as through
      from buyer_day_sums d where ${within} order by d.day desc)`;
  const keptPastLimit =
    span.from || span.to
      ? sql`false`
      : sql`coalesce((select k.transaction_count from buyer_balances k where k.buyer_id = ${buyerId}), 0)
              > ${COUNT_LIMIT}`;
  return sql`
  select (case when ${keptPastLimit} then ${COUNT_LIMIT + 1}
               else coalesce((select ${COUNT_LIMIT + 1}::bigint from ${days} d where d.through > ${COUNT_LIMIT} limit 1),
                             (select sum(d.count) from buyer_day_sums d where ${within}), 0) end)::int as count,
         e.day::text as "edgeDay", (e.through - e.count)::int as newer
    from (select 1) one
    left join lateral (select d.day, d.count, d.through from ${days} d
                        where ${offset}::bigint < ${COUNT_LIMIT} and d.through > ${offset} limit 1) e on true`;
};

export type MovementDays = { count: number; edgeDay: string | null; newer: number | null };

/** `span` ending with the Istanbul day `day`: the movements from that day's end down. */
export const spanThrough = (span: Span, day: string): Span => ({
  ...span,
  to: startOfIstanbulDay(addDays(day, 1)).toISOString(),
});
