import { type SQL, sql } from 'drizzle-orm';

/**
 * Where a deep page of a list starts, found from rows the writes keep per day (decisions 164 and 195):
 * the milk deliveries, the buyer's movements, the shipments and the stock history each count their rows
 * per day, and a page far from the end it is read from first finds the day that holds its first row. It
 * then reads from that day's end, passing only that day's rows before it, instead of every row of the
 * days between. This file is the one walk of those day rows that every such list shares.
 */

/** The end of a list its rows are walked from: newest first, or earliest first. */
export type WalkFrom = 'newest' | 'earliest';

/**
 * `days`, a relation of one row per day with its `day` and `count` (and `signed`, a sum a page carries,
 * with `signed: true`), walked from one end: each day gains `through`, the rows of it and of the days
 * before it in the walk (and `moved`, their `signed`). Ordered as walked, so a use that stops at its
 * day reads only the days it passes when `days` comes from an index on the day.
 */
export function walkedDays(days: SQL, from: WalkFrom, { signed = false } = {}): SQL {
  const way = from === 'newest' ? sql`desc` : sql`asc`;
  return sql`(select w.*, sum(w.count) over running as through
                     ${signed ? sql`, sum(w.signed) over running as moved` : sql``}
                from ${days} w
              window running as (order by w.day ${way} rows unbounded preceding)
               order by w.day ${way})`;
}

/**
 * The day of `walk` that holds the row `offset` places from the walk's end, as the lateral `e` to join
 * `on true`: no row past the last, or where `reachable` is false (a page the list does not reach).
 */
export const edgeDayOf = (walk: SQL, offset: SQL | number, reachable: SQL = sql`true`): SQL =>
  sql`lateral (select d.* from ${walk} d where ${reachable} and d.through > ${offset} limit 1) e`;

/**
 * `edgeDayOf`'s day as a list answers it: `edgeDay`, and `passed`, how many rows lie before it from the
 * walk's end (after `ahead` rows that come before the walked days).
 */
export const edgeColumns = (ahead: SQL | number = 0): SQL =>
  sql`e.day::text as "edgeDay", (${ahead}::bigint + e.through - e.count)::int as passed`;

/** Where a page's first row lies: its day, and the rows before that day; both null where no page starts. */
export type DayEdge = { edgeDay: string | null; passed: number | null };
