import type { ProductItem, ProductItemQuery } from '@mandira/contract/products';
import {
  STOCK_COUNT_ACTION,
  type StockAction,
  type StockCountBulkBody,
  type StockExportBulkBody,
  type StockImportBulkBody,
} from '@mandira/contract/stock';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { productItems, stockHistory, stockLines, warehouses } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { findProductItem, findProductItems } from '../products/product-item.repo.ts';

/**
 * One change of one stock line: `add` moves pieces in (positive) or out (negative), `set` is a count
 * that overwrites the line. Every movement of the portal — goods in and out, counts, and later loading
 * an order onto a shipment — goes through `applyStockChanges` (DESIGN §7).
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

type LockedLine = {
  id: number;
  quantity: number;
  productItemId: number;
  warehouseId: number;
  itemName: string;
  warehouseLabel: string;
};

/**
 * Applies the changes in the caller's transaction: locks the lines (in id order, so two requests on
 * the same lines wait for each other instead of deadlocking), refuses the whole request when a line
 * would go below zero, then writes the new quantities and one history row per changed line.
 */
export async function applyStockChanges(
  tx: Tx,
  changes: readonly StockChange[],
  context: { actor: Actor; orderId?: number },
): Promise<AppliedChange[]> {
  const ids = [...new Set(changes.map((change) => change.stockLineId))].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const locked: LockedLine[] = await tx
    .select({
      id: stockLines.id,
      quantity: stockLines.quantity,
      productItemId: stockLines.productItemId,
      warehouseId: stockLines.warehouseId,
      itemName: productItems.name,
      warehouseLabel: warehouses.shortName,
    })
    .from(stockLines)
    .innerJoin(productItems, eq(productItems.id, stockLines.productItemId))
    .innerJoin(warehouses, eq(warehouses.id, stockLines.warehouseId))
    .where(inArray(stockLines.id, ids))
    .orderBy(asc(stockLines.id))
    .for('update', { of: stockLines });
  const lines = new Map(locked.map((line) => [line.id, line]));
  const missing = ids.filter((id) => !lines.has(id));
  if (missing.length > 0) throw notFound(`Stok satırı bulunamadı: ${missing.join(', ')}.`);

  const quantities = new Map(locked.map((line) => [line.id, line.quantity]));
  const rows: (AppliedChange & { action: StockAction; notes: string })[] = [];
  const shortfalls: string[] = [];
  for (const change of changes) {
    const line = lines.get(change.stockLineId)!;
    const before = quantities.get(line.id)!;
    const after = change.kind === 'set' ? change.quantity : before + change.quantity;
    if (after < 0) {
      shortfalls.push(
        `'${line.itemName}' ürünü için ${line.warehouseLabel} deposunda yeterli stok yok (eldeki: ${before}, istenen: ${-change.quantity})`,
      );
      continue;
    }
    quantities.set(line.id, after);
    if (after === before) continue;
    rows.push({
      stockLineId: line.id,
      productItemId: line.productItemId,
      warehouseId: line.warehouseId,
      quantityChange: after - before,
      quantityAfterChange: after,
      action: change.action,
      notes: change.notes,
    });
  }
  if (shortfalls.length > 0) {
    throw new AppError('INSUFFICIENT_STOCK', `${shortfalls.join('; ')}. Hiçbir stok değiştirilmedi.`);
  }
  if (rows.length === 0) return [];

  const changed = [...new Set(rows.map((row) => row.stockLineId))];
  const values = sql.join(
    changed.map((id) => sql`(${id}::int, ${quantities.get(id)!}::int)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${stockLines} set quantity = v.quantity from (values ${values}) as v(id, quantity) where ${stockLines.id} = v.id`,
  );
  await tx.insert(stockHistory).values(
    rows.map((row) => ({
      stockLineId: row.stockLineId,
      productItemId: row.productItemId,
      warehouseId: row.warehouseId,
      action: row.action,
      quantityChange: row.quantityChange,
      quantityAfterChange: row.quantityAfterChange,
      notes: row.notes,
      orderId: context.orderId ?? null,
      createdBy: context.actor.userId || null,
    })),
  );
  return rows.map(({ action: _action, notes: _notes, ...applied }) => applied);
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

/** A bulk call: one transaction, then the item list the screen shows (spec §7). */
async function moveThenList(db: Db, actor: Actor, changes: StockChange[], query: ProductItemQuery) {
  await db.transaction((tx) => applyStockChanges(tx, changes, { actor }));
  return findProductItems(db, query);
}

/** A single-line call: one transaction, then the item whose line changed. */
async function moveThenItem(db: Db, actor: Actor, change: StockChange): Promise<ProductItem> {
  await db.transaction((tx) => applyStockChanges(tx, [change], { actor }));
  const [line] = await db
    .select({ productItemId: stockLines.productItemId })
    .from(stockLines)
    .where(eq(stockLines.id, change.stockLineId));
  return findProductItem(db, line!.productItemId);
}

/** Goods-in: the pieces are added to their lines. */
export const receiveGoods = (db: Db, actor: Actor, lines: ImportLines, query: ProductItemQuery) =>
  moveThenList(db, actor, inbound(lines), query);

/** Goods-out: the pieces are taken from their lines; more than a line holds refuses everything. */
export const shipGoods = (db: Db, actor: Actor, lines: ExportLines, query: ProductItemQuery) =>
  moveThenList(db, actor, outbound(lines), query);

/** A stock count: each line's quantity becomes the counted one. */
export const countStock = (db: Db, actor: Actor, lines: CountLines, query: ProductItemQuery) =>
  moveThenList(db, actor, counted(lines), query);

export const receiveGoodsOnLine = (db: Db, actor: Actor, line: ImportLines[number]) =>
  moveThenItem(db, actor, inbound([line])[0]!);

export const shipGoodsFromLine = (db: Db, actor: Actor, line: ExportLines[number]) =>
  moveThenItem(db, actor, outbound([line])[0]!);

export const countStockLine = (db: Db, actor: Actor, line: CountLines[number]) =>
  moveThenItem(db, actor, counted([line])[0]!);
