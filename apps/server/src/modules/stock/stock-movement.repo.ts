import { eq, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedRowsOf, type Tx } from '../../db/client.ts';
import {
  auditEntries,
  lotStocks,
  lots,
  productItems,
  stockHistory,
  stockLines,
  warehouses,
} from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { actorNameSql, stockEvent } from '../audit/record-change.ts';
import { liveNotification } from '../events/announce.ts';
import { fefoLotsJsonSql, type LotTuple } from '../products/item-stock.ts';
import type { LineState, LotChange, LotStep } from './lot-allocation.ts';

export type LockedLine = {
  id: number;
  quantity: number;
  product_item_id: number;
  warehouse_id: number;
  item_name: string;
  warehouse_label: string;
};
export type LotRow = {
  stock_line_id: number | null;
  lot_id: number;
  quantity: number;
  product_item_id: number;
  code: string;
  expiry_date: string | null;
};

/**
 * Locks the lines in id order, so two movements on the same lines wait for each other instead of
 * deadlocking (decision 34); a lot's pieces change only under its line's lock.
 */
const lockLinesStatement = (ids: readonly number[]) => sql`
  select l.id, l.quantity, l.product_item_id, l.warehouse_id, i.name as item_name, w.short_name as warehouse_label
    from ${stockLines} l
    join ${productItems} i on i.id = l.product_item_id
    join ${warehouses} w on w.id = l.warehouse_id
   where l.id = any(${sql.param([...ids])}::int[])
   order by l.id
     for update of l`;

/** The lots on the locked lines, the lots the changes name and the items' undated lots, read after the lock. */
const lotsStatement = (
  lineIds: readonly number[],
  namedIds: readonly number[],
  itemIds: readonly number[],
) => sql`
  select ls.stock_line_id, ls.lot_id, ls.quantity, ls.product_item_id, ls.lot_code as code,
         ls.expiry_date::text as expiry_date
    from ${lotStocks} ls
   where ls.stock_line_id = any(${sql.param([...lineIds])}::int[]) and ls.quantity > 0
  union all
  select null, t.id, 0, t.product_item_id, t.code, t.expiry_date::text
    from ${lots} t
   where t.id = any(${sql.param([...namedIds])}::int[])
      or (t.code = '' and t.product_item_id = any(${sql.param([...itemIds])}::int[]))`;

/**
 * Writes what `allocate` worked out, in one statement: the lines' and lots' quantities, one history row
 * per lot of each change, one audit entry per changed line (decision 126), and the live event. With
 * `answered`, it also answers the lots of those lines as the write leaves them (`lines`), so the
 * movement's answer needs no read after it (decision 183): the lines are locked, so the statement's
 * snapshot holds their lots as they were, and `kept_lots` returns what it wrote over them.
 */
function writeStatement(
  lines: readonly LineState[],
  steps: readonly LotStep[],
  changes: readonly LotChange[],
  context: { actor: Actor; orderId?: number },
  touched: ReadonlySet<number>,
  answered: readonly number[] = [],
): SQL {
  const moved = lines.filter((line) => touched.has(line.stockLineId));
  const lotRows = moved.flatMap((line) =>
    line.lots
      .map((lot) => ({ line, lot }))
      .filter(({ lot }) =>
        steps.some((step) => step.lotId === lot.lotId && step.stockLineId === line.stockLineId),
      ),
  );
  const kept = lotRows.filter(({ lot }) => lot.quantity > 0);
  const emptied = lotRows.filter(({ lot }) => lot.quantity === 0);
  const param = <T, R>(rows: readonly T[], pick: (row: T) => R) => sql.param(rows.map(pick));
  const linesBefore = new Map<number, number>();
  for (const step of steps) {
    if (!linesBefore.has(step.stockLineId))
      linesBefore.set(step.stockLineId, step.lineAfter - step.quantityChange);
  }
  const audits = moved.map((line) => ({
    id: line.stockLineId,
    action: changes[steps.find((step) => step.stockLineId === line.stockLineId)!.change]!.action,
    before: linesBefore.get(line.stockLineId)!,
    after: line.quantity,
  }));
  const user = context.actor.userId || null;
  const orderId = context.orderId ?? null;
  const answer = answered.length > 0 ? sql`, ${answeredLotsSql(answered, lotRows)} as lines` : sql``;
  return sql`
    with set_lines as (
      update ${stockLines} l set quantity = c.quantity
        from unnest(${param(moved, (line) => line.stockLineId)}::int[], ${param(moved, (line) => line.quantity)}::int[])
             as c(id, quantity)
       where l.id = c.id
    ),
    kept_lots as (
      insert into ${lotStocks} (stock_line_id, lot_id, product_item_id, warehouse_id, quantity, expiry_date,
                                lot_code, production_date)
      select k.*, t.expiry_date, t.code, t.production_date
        from unnest(${param(kept, (row) => row.line.stockLineId)}::int[], ${param(kept, (row) => row.lot.lotId)}::int[],
                    ${param(kept, (row) => row.line.productItemId)}::int[], ${param(kept, (row) => row.line.warehouseId)}::int[],
                    ${param(kept, (row) => row.lot.quantity)}::int[]) as k(stock_line_id, lot_id, product_item_id, warehouse_id, quantity)
        join ${lots} t on t.id = k.lot_id
      on conflict (stock_line_id, lot_id) do update set quantity = excluded.quantity
      returning stock_line_id, lot_id, lot_code, expiry_date, production_date, quantity
    ),
    emptied_lots as (
      delete from ${lotStocks} ls
       using unnest(${param(emptied, (row) => row.line.stockLineId)}::int[], ${param(emptied, (row) => row.lot.lotId)}::int[])
             as e(stock_line_id, lot_id)
       where ls.stock_line_id = e.stock_line_id and ls.lot_id = e.lot_id
    ),
    history as (
      insert into ${stockHistory} (stock_line_id, product_item_id, warehouse_id, lot_id, action, quantity_change,
                                   quantity_after_change, order_id, notes, created_by)
      select h.stock_line_id, l.product_item_id, l.warehouse_id, h.lot_id, h.action, h.quantity_change,
             h.line_after, ${orderId}::int, h.notes, ${user}::int
        from unnest(${param(steps, (step) => step.stockLineId)}::int[], ${param(steps, (step) => step.lotId)}::int[],
                    ${param(steps, (step) => changes[step.change]!.action)}::text[],
                    ${param(steps, (step) => step.quantityChange)}::int[], ${param(steps, (step) => step.lineAfter)}::int[],
                    ${param(steps, (step) => changes[step.change]!.notes)}::text[])
             with ordinality as h(stock_line_id, lot_id, action, quantity_change, line_after, notes, ord)
        join ${stockLines} l on l.id = h.stock_line_id
       order by h.ord
    ),
    audited as (
      insert into ${auditEntries} (actor_id, actor_name, action, entity_type, entity_id, order_id, changes)
      select ${user}::int, ${actorNameSql(context.actor)}, a.action, 'STOCK', a.id, ${orderId}::int,
             jsonb_build_array(jsonb_build_object('field', 'quantity', 'before', a.before, 'after', a.after))
        from unnest(${param(audits, (one) => one.id)}::int[], ${param(audits, (one) => one.action)}::text[],
                    ${param(audits, (one) => one.before)}::bigint[], ${param(audits, (one) => one.after)}::bigint[])
             with ordinality as a(id, action, before, after, ord)
       order by a.ord
    )
    select length(${liveNotification(stockEvent(context))}::text) as sent${answer}`;
}

/**
 * The lots of the answered lines after the write, as `[line id, LotTuple[]]` pairs: the lots the write
 * did not touch, read from the statement's snapshot, and those it kept, from `kept_lots`.
 */
function answeredLotsSql(
  answered: readonly number[],
  touchedLots: readonly { line: LineState; lot: { lotId: number } }[],
): SQL {
  const untouched = sql`not exists (select 1
                   from unnest(${sql.param(touchedLots.map((row) => row.line.stockLineId))}::int[],
                               ${sql.param(touchedLots.map((row) => row.lot.lotId))}::int[]) as t(stock_line_id, lot_id)
                  where t.stock_line_id = ls.stock_line_id and t.lot_id = ls.lot_id)`;
  const lots =
    fefoLotsJsonSql(sql`select ls.lot_id, ls.lot_code, ls.expiry_date, ls.production_date, ls.quantity
             from ${lotStocks} as ls
            where ls.stock_line_id = a.id and ls.quantity > 0 and ${untouched}
           union all
           select k.lot_id, k.lot_code, k.expiry_date, k.production_date, k.quantity
             from kept_lots as k
            where k.stock_line_id = a.id`);
  return sql`(select json_agg(json_build_array(a.id, ${lots}))
              from unnest(${sql.param([...new Set(answered)])}::int[]) as a(id))`;
}

/** Locks the lines, in id order. */
export function lockLines(tx: Tx, ids: readonly number[]): Promise<LockedLine[]> {
  return preparedRowsOf<LockedLine>(tx, 'lock_stock_lines', lockLinesStatement(ids));
}

/** The lots of the locked lines, of the named lots and of the items' undated lots. */
export function lotsOfLockedLines(
  tx: Tx,
  lineIds: readonly number[],
  namedIds: readonly number[],
  itemIds: readonly number[],
): Promise<LotRow[]> {
  return preparedRowsOf<LotRow>(tx, 'stock_line_lots', lotsStatement(lineIds, namedIds, itemIds));
}

/**
 * Writes a movement as `writeStatement` builds it; answers the lots of the `answered` lines after it,
 * by line id (empty when none were asked).
 */
export async function writeMovement(
  tx: Tx,
  ...movement: Parameters<typeof writeStatement>
): Promise<Map<number, LotTuple[]>> {
  const [written] = await preparedRowsOf<{ lines?: [number, LotTuple[]][] | null }>(
    tx,
    'stock_movement',
    writeStatement(...movement),
  );
  return new Map(written?.lines ?? []);
}

/** The item of the stock line; undefined when there is no such line. */
export async function findItemOfLine(db: Db | Tx, lineId: number) {
  const [line] = await db
    .select({ productItemId: stockLines.productItemId })
    .from(stockLines)
    .where(eq(stockLines.id, lineId));
  return line;
}
