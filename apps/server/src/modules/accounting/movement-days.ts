import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { COUNT_LIMIT } from '@mandira/contract/paging';
import { type SQL, sql } from 'drizzle-orm';
import { type DayEdge, edgeColumns, edgeDayOf, type WalkFrom, walkedDays } from '../../db/day-edge.ts';
import { dayOf, type Span } from './account-movements.ts';

/** The buyer's kept day rows within `span` (whole Istanbul days). */
const daysWithin = (buyerId: number, span: Span) =>
  sql`d.buyer_id = ${buyerId} and ${span.from ? sql`d.day >= ${dayOf(span.from)}` : sql`true`}
      and ${span.to ? sql`d.day < ${dayOf(span.to)}` : sql`true`}`;

/**
 * The buyer's day rows within `span` (migration 0033's counts and sums) walked from one end, each day
 * with the change of the balance it brings (`signed`) and that of it and the days before it (`moved`).
 * Walked down the buyer + day key, so a use that stops early reads only the days it passes.
 */
const dayWalk = (buyerId: number, span: Span, from: WalkFrom) =>
  walkedDays(
    sql`(select d.day, d.count, d.debit - d.credit as signed from buyer_day_sums d
          where ${daysWithin(buyerId, span)})`,
    from,
    { signed: true },
  );

/**
 * The day of `walk` that holds the movement `offset` places from its end, where `reachable` (`edgeDayOf`),
 * with the movements before it and by how much they move the balance (`passedSigned`): all null past the
 * last movement.
 */
const edgeOf = (walk: SQL, offset: number, reachable: SQL = sql`true`) => sql`
  ${edgeColumns()}, (e.moved - e.signed)::text as "passedSigned"
    from (select 1) one left join ${edgeDayOf(walk, offset, reachable)} on true`;

/** Where a page's first movement lies (`DayEdge`), and how the movements before it move the balance. */
export type MovementEdge = DayEdge & { passedSigned: string | null };

/**
 * Where the buyer's newest movements within `span` stand, from the counts the writes keep per buyer and
 * day (decision 195):
 * - `count`: how many there are, up to COUNT_LIMIT + 1 (decision 149), from as many days as hold them
 *   (over all time, a buyer with more transactions than that, kept in `buyer_balances`, reads none);
 * - the day that holds the movement `offset` places below the newest (`edgeOf`); a page past the newest
 *   COUNT_LIMIT, which the pages do not reach, reads no day.
 * A page then reads its movements from that day's end, passing that day's newer movements only, instead
 * of every movement above it. Each use walks the days itself and stops where it has what it needs;
 * shared as one materialized list, they would be planned as all the buyer's days, sorted.
 */
export const movementDays = (buyerId: number, span: Span, offset: number) => {
  const keptPastLimit =
    span.from || span.to
      ? sql`false`
      : sql`coalesce((select k.transaction_count from buyer_balances k where k.buyer_id = ${buyerId}), 0)
              > ${COUNT_LIMIT}`;
  return sql`
  select (case when ${keptPastLimit} then ${COUNT_LIMIT + 1}
               else coalesce((select ${COUNT_LIMIT + 1}::bigint from ${dayWalk(buyerId, span, 'newest')} d
                               where d.through > ${COUNT_LIMIT} limit 1),
                             (select sum(d.count) from buyer_day_sums d where ${daysWithin(buyerId, span)}),
                             0) end)::int as count,
         ${edgeOf(dayWalk(buyerId, span, 'newest'), offset, sql`${offset}::bigint < ${COUNT_LIMIT}`)}`;
};

export type MovementDays = MovementEdge & { count: number };

/** The day that holds the movement `offset` places from `from`'s end of `span`, as `edgeOf` says. */
export const movementEdge = (buyerId: number, span: Span, offset: number, from: WalkFrom) =>
  sql`select ${edgeOf(dayWalk(buyerId, span, from), offset)}`;

/**
 * `span` cut at the Istanbul day `day`: walked from the newest, the movements from that day's end down;
 * from the earliest, those from its start on.
 */
export const spanFromDay = (span: Span, day: string, from: WalkFrom): Span =>
  from === 'newest'
    ? { ...span, to: startOfIstanbulDay(addDays(day, 1)).toISOString() }
    : { ...span, from: startOfIstanbulDay(day).toISOString() };
