import { addDays, startOfIstanbulDay } from '@mandira/contract/istanbul-time';
import { and, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRowsOf, type Tx } from '../../db/client.ts';
import { edgeDayOf, walkedDays } from '../../db/day-edge.ts';

const DAY = 86_400;
/**
 * The widths, in seconds, of the spans of creation time the commits count each screen's and status's
 * orders in (`order_spans`, migration 0037), widest first: 360 days, 30 days, a day, an hour, a minute,
 * a second. Each holds a dozen to sixty of the next.
 */
export const SPAN_WIDTHS = [360 * DAY, 30 * DAY, DAY, 3_600, 60, 1] as const;
/** The spans within one Istanbul day: its hours, their minutes, their seconds. */
const WITHIN_A_DAY = SPAN_WIDTHS.slice(SPAN_WIDTHS.indexOf(DAY) + 1);

/**
 * Where the order a page starts at lies (decision 197): `end`, the end of the second it was created in
 * (ISO), and `passed`, how many of the walked orders are newer than that second. A page newest first
 * reads its orders created before `end`, passing only the orders of that second before it.
 */
export type SpanEdge = { end: string; passed: number };

/**
 * The second that holds the order `offset` places below the newest of `views` (a screen, 'STATUS:'
 * and a status, or 'ALL'), over all time or `within` one Istanbul day, found by walking the kept spans
 * down from the widest: at each width, only the spans within the one the wider walk stopped at. Null
 * past the last order. One statement; it reads a few dozen kept rows where a middle page of a busy
 * day's orders would pass a thousand index entries.
 */
export async function keptSpanEdge(
  db: Db | Tx,
  views: readonly string[],
  offset: number,
  within?: { day: string },
): Promise<SpanEdge | null> {
  const widths = within ? WITHIN_A_DAY : SPAN_WIDTHS;
  let from: SQL = within
    ? sql`${startOfIstanbulDay(within.day).toISOString()}::timestamptz`
    : sql`'-infinity'::timestamptz`;
  let to: SQL = within
    ? sql`${startOfIstanbulDay(addDays(within.day, 1)).toISOString()}::timestamptz`
    : sql`'infinity'::timestamptz`;
  let skip: SQL = sql`${offset}::bigint`;
  const levels: SQL[] = [];
  const passed: SQL[] = [];
  widths.forEach((width, index) => {
    const alias = sql.raw(`l${index}`);
    const spans = sql`(select s.start as day, sum(s.count) as count from order_spans s
                        where s.view = any(${sql.param(views)}::text[]) and s.width = ${width}
                          and s.start >= ${from} and s.start < ${to}
                        group by s.start)`;
    levels.push(
      sql`join lateral (select e.day as start, e.through - e.count as passed
                          from ${edgeDayOf(walkedDays(spans, 'newest'), skip)}) ${alias} on true`,
    );
    passed.push(sql`${alias}.passed`);
    from = sql`${alias}.start`;
    to = sql`${alias}.start + ${width} * interval '1 second'`;
    skip = sql`${skip} - ${alias}.passed`;
  });
  const last = sql.raw(`l${widths.length - 1}`);
  const [row] = await preparedRowsOf<{ end: number; passed: number }>(
    db,
    `order_span_edge_${widths.length}`,
    sql`select extract(epoch from ${last}.start)::float8 + 1 as "end",
               (${sql.join(passed, sql` + `)})::int as passed
          from (select 1) one ${sql.join(levels, sql` `)}`,
  );
  return row ? { end: new Date(row.end * 1000).toISOString(), passed: row.passed } : null;
}

/** The orders `o` that `where` selects, created before a span's end. */
export const createdBefore = (where: SQL, end: string): SQL =>
  and(where, sql`o.created_at < ${end}::timestamptz`) as SQL;
