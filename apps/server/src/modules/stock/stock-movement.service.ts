import type { ProductItem, ProductItemFilters } from '@mandira/contract/products';
import {
  boxesOf,
  STOCK_COUNT_ACTION,
  type StockAction,
  type StockCountBulkBody,
  type StockExportBulkBody,
  type StockImportBulkBody,
} from '@mandira/contract/stock';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { auditEntries, productItems, stockHistory, stockLines, warehouses } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { actorNameSql, stockEvent } from '../audit/record-change.ts';
import { liveNotification } from '../events/announce.ts';
import { findProductItem, findProductItemsByIds } from '../products/product-item.repo.ts';

/**
 * One change of one stock line: `add` moves pieces in (positive) or out (negative), `set` is a count
 * that overwrites the line. Every movement of the portal — goods in and out, counts, and later loading
 * an order onto a shipment — goes through `applyStockChanges` (docs/domain/stock.md).
 */
export type StockChange = {
  stockLineId: number;
  kind: 'add' | 'set';
  quantity: number;
  action: StockAction;
  notes: string;
};

export type AppliedChange = {
  stockLineId: number;
  productItemId: number;
  warehouseId: number;
  quantityChange: number;
  quantityAfterChange: number;
};

/** The most a stock line can hold (its column is a 4-byte integer). */
const MAX_LINE_QUANTITY = 2_147_483_647;

/** One row of the movement statement's answer: a change with the line it met. */
type MovedRow = {
  stock_line_id: number;
  product_item_id: number;
  warehouse_id: number;
  quantity: number;
  before: number;
  after: number;
  item_name: string;
  warehouse_label: string;
  applied: boolean;
};

/**
 * The whole movement as one statement (decision 34): it locks the lines in id order (so two movements on
 * the same lines wait for each other instead of deadlocking), computes every line's new quantity from
 * the locked one, and only when every line exists and none would go below zero writes the quantities
 * and one history row per changed line. One statement is atomic on its own, and a line stays locked
 * only while PostgreSQL runs it, not across round trips to the server. Exported so the benchmark sends
 * exactly this statement when it measures direct SQL.
 */
export function stockChangeStatement(
  changes: readonly StockChange[],
  context: { actor: Actor; orderId?: number },
): SQL {
  // Each column of the changes travels as one array parameter, so the text is the same for any size.
  const column = <T>(pick: (change: StockChange) => T) => sql.param(changes.map(pick));
  const ids = column((change) => change.stockLineId);
  const counts = column((change) => change.kind === 'set');
  const quantities = column((change) => change.quantity);
  const actions = column((change) => change.action);
  const notes = column((change) => change.notes);
  return sql`
    with input as (
      select c.stock_line_id, c.is_count, c.quantity, c.action, c.notes, c.ord
        from unnest(${ids}::int[], ${counts}::boolean[], ${quantities}::int[], ${actions}::text[], ${notes}::text[])
             with ordinality as c(stock_line_id, is_count, quantity, action, notes, ord)
    ),
    locked as materialized (
      select l.id, l.quantity, l.product_item_id, l.warehouse_id
        from ${stockLines} l
       where l.id = any(${ids}::int[])
       order by l.id
         for update
    ),
    -- Changes of one line apply in their order: a count starts a new run from the counted quantity.
    runs as (
      select c.stock_line_id, c.is_count, c.quantity, c.action, c.notes, c.ord, k.product_item_id,
             k.warehouse_id, k.quantity as on_hand,
             count(*) filter (where c.is_count) over (partition by c.stock_line_id order by c.ord) as run
        from input c
        join locked k on k.id = c.stock_line_id
    ),
    stepped as (
      select r.*,
             case when r.run = 0 then r.on_hand else first_value(r.quantity) over same_run end
             + sum(case when r.is_count then 0 else r.quantity::bigint end) over same_run as after
        from runs r
      window same_run as (partition by r.stock_line_id, r.run order by r.ord)
    ),
    changes as (
      select s.*, lag(s.after, 1, s.on_hand) over (partition by s.stock_line_id order by s.ord) as before
        from stepped s
    ),
    verdict as (
      select count(*) = (select count(*) from input)
             and coalesce(bool_and(after between 0 and ${MAX_LINE_QUANTITY}), true) as applied
        from changes
    ),
    updated as (
      update ${stockLines} l set quantity = f.after
        from (select distinct on (stock_line_id) stock_line_id, after, on_hand
                from changes order by stock_line_id, ord desc) f,
             verdict v
       where v.applied and l.id = f.stock_line_id and f.after <> f.on_hand
    ),
    written as (
      insert into ${stockHistory} (stock_line_id, product_item_id, warehouse_id, action, quantity_change,
                                   quantity_after_change, order_id, notes, created_by)
      select c.stock_line_id, c.product_item_id, c.warehouse_id, c.action, c.after - c.before, c.after,
             ${context.orderId ?? null}::int, c.notes, ${context.actor.userId || null}::int
        from changes c, verdict v
       where v.applied and c.after <> c.before
       order by c.ord
    ),
    -- The audit trail and the live event in the same statement (decision 0126): one entry per line.
    audited as (
      insert into ${auditEntries} (actor_id, actor_name, action, entity_type, entity_id, order_id, changes)
      select ${context.actor.userId || null}::int, ${actorNameSql(context.actor)}, c.action, 'STOCK', c.stock_line_id,
             ${context.orderId ?? null}::int,
             jsonb_build_array(jsonb_build_object('field', 'quantity', 'before', c.before, 'after', c.after))
        from changes c, verdict v
       where v.applied and c.after <> c.before
       order by c.ord
    ),
    announced as (
      select length(${liveNotification(stockEvent(context))}::text) as sent
        from verdict v
       where v.applied
    )
    select c.stock_line_id, c.product_item_id, c.warehouse_id, c.quantity,
           c.before::float8 as before, c.after::float8 as after,
           i.name as item_name, w.short_name as warehouse_label, v.applied, announced.sent
      from changes c
     cross join verdict v
      left join announced on true
      join ${productItems} i on i.id = c.product_item_id
      join ${warehouses} w on w.id = c.warehouse_id
     order by c.ord`;
}

/**
 * Applies the changes, in their order: atomically by itself, or inside the caller's
 * transaction when given one (an order loading its shipment). A line that does not exist answers 404
 * and a line that would go below zero refuses the whole request with 409; either way nothing is written.
 */
export async function applyStockChanges(
  db: Db | Tx,
  changes: readonly StockChange[],
  context: { actor: Actor; orderId?: number },
): Promise<AppliedChange[]> {
  if (changes.length === 0) return [];
  const rows = await rowsOf<MovedRow>(db, stockChangeStatement(changes, context));
  const found = new Set(rows.map((row) => row.stock_line_id));
  const missing = [...new Set(changes.map((change) => change.stockLineId))].filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw notFound(`Stok satırı bulunamadı: ${missing.sort((a, b) => a - b).join(', ')}.`);
  }
  const shortfalls = rows
    .filter((row) => row.after < 0)
    .map(
      (row) =>
        `'${row.item_name}' ürünü için ${row.warehouse_label} deposunda yeterli stok yok (eldeki: ${row.before}, istenen: ${-row.quantity})`,
    );
  if (shortfalls.length > 0) {
    throw new AppError('INSUFFICIENT_STOCK', `${shortfalls.join('; ')}. Hiçbir stok değiştirilmedi.`);
  }
  const overflows = rows
    .filter((row) => row.after > MAX_LINE_QUANTITY)
    .map((row) => `'${row.item_name}' ürünü ${row.warehouse_label} deposunda ${row.after} adede çıkamaz`);
  if (overflows.length > 0) {
    throw new AppError(
      'BUSINESS_RULE',
      `${overflows.join('; ')} (en çok ${MAX_LINE_QUANTITY}). Hiçbir stok değiştirilmedi.`,
    );
  }
  return rows
    .filter((row) => row.after !== row.before)
    .map((row) => ({
      stockLineId: row.stock_line_id,
      productItemId: row.product_item_id,
      warehouseId: row.warehouse_id,
      quantityChange: row.after - row.before,
      quantityAfterChange: row.after,
    }));
}

type ImportLines = z.output<typeof StockImportBulkBody>['stockChange'];
type ExportLines = z.output<typeof StockExportBulkBody>['stockChange'];
type CountLines = z.output<typeof StockCountBulkBody>['updatedStocks'];

const inbound = (lines: ImportLines): StockChange[] =>
  lines.map((line) => ({
    stockLineId: line.id,
    kind: 'add',
    quantity: line.importedQuantity,
    action: line.stockOperationType,
    notes: line.notes,
  }));
const outbound = (lines: ExportLines): StockChange[] =>
  lines.map((line) => ({
    stockLineId: line.id,
    kind: 'add',
    quantity: -line.exportedQuantity,
    action: line.stockOperationType,
    notes: line.notes,
  }));
const counted = (lines: CountLines): StockChange[] =>
  lines.map((line) => ({
    stockLineId: line.id,
    kind: 'set',
    quantity: line.quantity,
    action: STOCK_COUNT_ACTION,
    notes: line.notes,
  }));

/**
 * The answer of a movement is read before the movement (decision 48): once the movement's statement
 * has committed, nothing is left that could fail and tell the client its booked stock was refused. The
 * lines it changed are then shown with the quantities the statement left them at.
 */
function withApplied(items: ProductItem[], applied: readonly AppliedChange[]): ProductItem[] {
  const after = new Map(applied.map((change) => [change.stockLineId, change.quantityAfterChange]));
  const moved = new Set(applied.map((change) => change.productItemId));
  return items.map((item) => {
    if (!moved.has(item.id)) return item;
    let total = item.totalStockQuantity;
    const stocks = item.stocks.map((line) => {
      const quantity = after.get(line.id);
      if (quantity === undefined) return line;
      total += quantity - line.quantity;
      return { ...line, quantity, boxQuantity: boxesOf(quantity, item.quantityInBox) ?? 0 };
    });
    const boxQuantity = boxesOf(total, item.quantityInBox) ?? 0;
    // A movement writes history, and an item with history is frozen (docs/domain/stock.md).
    return { ...item, stocks, totalStockQuantity: total, boxQuantity, frozen: true };
  });
}

/**
 * A bulk call answers the items it moved, not the whole list (docs/decisions/0117-bulk-stock-movement-answers-items-moved-list.md): read
 * first, in the shape of the screen's list (the lines of its warehouse filter), then the movement.
 */
async function moveThenList(db: Db | Tx, actor: Actor, changes: StockChange[], query: ProductItemFilters) {
  const lineIds = [...new Set(changes.map((change) => change.stockLineId))];
  if (lineIds.length === 0) return [];
  const moved = await db
    .selectDistinct({ productItemId: stockLines.productItemId })
    .from(stockLines)
    .where(inArray(stockLines.id, lineIds));
  const items = await findProductItemsByIds(
    db,
    moved.map((line) => line.productItemId),
    query,
  );
  return withApplied(items, await applyStockChanges(db, changes, { actor }));
}

/** A single-line call: the item of the line, read first, then the movement. */
async function moveThenItem(db: Db | Tx, actor: Actor, change: StockChange): Promise<ProductItem> {
  const [line] = await db
    .select({ productItemId: stockLines.productItemId })
    .from(stockLines)
    .where(eq(stockLines.id, change.stockLineId));
  if (!line) throw notFound(`Stok satırı bulunamadı: ${change.stockLineId}.`);
  const item = await findProductItem(db, line.productItemId);
  return withApplied([item], await applyStockChanges(db, [change], { actor }))[0]!;
}

/*
 * The movement services have the shape of every write, `(db, actor, input)`, with `db` the database or a
 * transaction. The stock routes pass the database itself: the movement is then one statement committed
 * on its own, so a line stays locked only while PostgreSQL runs it (decisions 34 and 121), and the read
 * of the answer before it uses the pool's prepared statements (decision 36).
 */

/** Goods-in: the pieces are added to their lines. */
export const receiveGoods = (db: Db | Tx, actor: Actor, lines: ImportLines, query: ProductItemFilters) =>
  moveThenList(db, actor, inbound(lines), query);

/** Goods-out: the pieces are taken from their lines; more than a line holds refuses everything. */
export const shipGoods = (db: Db | Tx, actor: Actor, lines: ExportLines, query: ProductItemFilters) =>
  moveThenList(db, actor, outbound(lines), query);

/** A stock count: each line's quantity becomes the counted one. */
export const countStock = (db: Db | Tx, actor: Actor, lines: CountLines, query: ProductItemFilters) =>
  moveThenList(db, actor, counted(lines), query);

export const receiveGoodsOnLine = (db: Db | Tx, actor: Actor, line: ImportLines[number]) =>
  moveThenItem(db, actor, inbound([line])[0]!);

export const shipGoodsFromLine = (db: Db | Tx, actor: Actor, line: ExportLines[number]) =>
  moveThenItem(db, actor, outbound([line])[0]!);

export const countStockLine = (db: Db | Tx, actor: Actor, line: CountLines[number]) =>
  moveThenItem(db, actor, counted([line])[0]!);
