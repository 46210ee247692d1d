import { todayInIstanbul } from '@mandira/contract/lots';
import type { ProductItem, ProductItemFilters } from '@mandira/contract/products';
import {
  boxesOf,
  SELLING_OUTBOUND_TYPES,
  STOCK_COUNT_ACTION,
  type StockCountBulkBody,
  type StockExportBulkBody,
  type StockImportBulkBody,
} from '@mandira/contract/stock';
import type { StockLineLot } from '@mandira/contract/stock-line-lots';
import type { z } from 'zod';
import { type Db, isTransaction, type Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { type LotTuple, lotsOfLines, stockLineLots } from '../products/item-stock.ts';
import { findProductItem, findProductItemsOfLines } from '../products/product-item.repo.ts';
import {
  type Allocation,
  allocate,
  type LineState,
  type LotChange,
  MAX_LINE_QUANTITY,
} from './lot-allocation.ts';
import { createUndatedLots, resolveReceivedLots } from './lots.repo.ts';
import { findItemOfLine, lockLines, lotsOfLockedLines, writeMovement } from './stock-movement.repo.ts';

/**
 * One change of one stock line: `add` moves pieces in (positive) or out (negative), `set` is a count
 * that overwrites the line (or, with `lotId`, one lot of it). Every movement of the portal — goods in and
 * out, counts, loading an order onto a shipment and taking a load back — goes through `applyStockChanges`
 * (docs/domain/stock.md). How the pieces fall on lots is `allocate`'s (lot-allocation.ts).
 */
export type StockChange = LotChange;

/** What one change did (one per change, in order): the line after it, and the pieces each lot gave or took (negative: out). */
export type AppliedChange = {
  stockLineId: number;
  productItemId: number;
  warehouseId: number;
  quantityChange: number;
  quantityAfterChange: number;
  lots: { lotId: number; quantity: number }[];
};

/**
 * Applies the changes, in their order, in one transaction: the caller's when given one (an order
 * loading its shipment), else its own. A line that does not exist answers 404, a line or lot that would
 * go below zero refuses the whole request with 409, a named lot that may not be taken 409, a line that
 * would pass 2³¹ − 1 pieces 422; whatever is refused, nothing is written.
 */
export async function applyStockChanges(
  db: Db | Tx,
  changes: readonly StockChange[],
  context: { actor: Actor; orderId?: number },
): Promise<AppliedChange[]> {
  if (changes.length === 0) return [];
  if (!isTransaction(db)) return db.transaction((tx) => applyStockChanges(tx, changes, context));
  return (await applyInTransaction(db, changes, context, false)).applied;
}

/**
 * `applyStockChanges` in the caller's transaction. With `answerLots`, the write also answers the lots of
 * the lines as it leaves them (by line id); `lots` is undefined when nothing was written.
 */
async function applyInTransaction(
  tx: Tx,
  changes: readonly StockChange[],
  context: { actor: Actor; orderId?: number },
  answerLots: boolean,
): Promise<{ applied: AppliedChange[]; lots?: Map<number, LotTuple[]> }> {
  if (changes.length === 0) return { applied: [] };
  const lineIds = [...new Set(changes.map((change) => change.stockLineId))];
  const locked = await lockLines(tx, lineIds);
  const namedIds = [
    ...new Set(changes.flatMap((change) => (change.lotId === undefined ? [] : [change.lotId]))),
  ];
  const itemIds = [...new Set(locked.map((line) => line.product_item_id))];
  const lotRows = await lotsOfLockedLines(tx, lineIds, namedIds, itemIds);
  const undated = new Map(
    lotRows.filter((row) => row.code === '').map((row) => [row.product_item_id, row.lot_id]),
  );
  const missingUndated = itemIds.filter((id) => !undated.has(id));
  if (missingUndated.length > 0) {
    for (const [item, lot] of await createUndatedLots(tx, missingUndated)) undated.set(item, lot);
  }
  const lines: LineState[] = locked.map((line) => ({
    stockLineId: line.id,
    productItemId: line.product_item_id,
    warehouseId: line.warehouse_id,
    quantity: line.quantity,
    itemName: line.item_name,
    warehouseLabel: line.warehouse_label,
    lots: lotRows
      .filter((row) => row.stock_line_id === line.id)
      .map((row) => ({
        lotId: row.lot_id,
        code: row.code,
        expiryDate: row.expiry_date,
        quantity: row.quantity,
      })),
  }));
  const named = new Map(
    lotRows.map((row) => [
      row.lot_id,
      { productItemId: row.product_item_id, code: row.code, expiryDate: row.expiry_date },
    ]),
  );
  const result = allocate(lines, changes, { named, undated });
  if (!result.ok) throw refusalOf(result);
  const touched = new Set(result.steps.map((step) => step.stockLineId));
  const lots =
    touched.size > 0
      ? await writeMovement(
          tx,
          result.lines,
          result.steps,
          changes,
          context,
          touched,
          answerLots ? lineIds : [],
        )
      : undefined;
  const finalQuantity = new Map(result.lines.map((line) => [line.stockLineId, line]));
  const applied = changes.map((change, index) => {
    const mine = result.steps.filter((step) => step.change === index);
    const line = finalQuantity.get(change.stockLineId)!;
    return {
      stockLineId: change.stockLineId,
      productItemId: line.productItemId,
      warehouseId: line.warehouseId,
      quantityChange: mine.reduce((sum, step) => sum + step.quantityChange, 0),
      quantityAfterChange: result.lineAfter[index]!,
      lots: mine.map((step) => ({ lotId: step.lotId, quantity: step.quantityChange })),
    };
  });
  return { applied, lots: answerLots ? lots : undefined };
}

/** The one error a refused movement answers, most basic cause first; nothing was written. */
function refusalOf(result: Extract<Allocation, { ok: false }>): AppError {
  if (result.missingLines.length > 0) {
    return notFound(`Stok satırı bulunamadı: ${result.missingLines.sort((a, b) => a - b).join(', ')}.`);
  }
  if (result.missingLots.length > 0) {
    return notFound(`Parti bulunamadı: ${result.missingLots.sort((a, b) => a - b).join(', ')}.`);
  }
  if (result.refusals.length > 0) {
    return new AppError('CONFLICT', `${result.refusals.join('; ')}. Hiçbir stok değiştirilmedi.`);
  }
  if (result.shortfalls.length > 0) {
    return new AppError('INSUFFICIENT_STOCK', `${result.shortfalls.join('; ')}. Hiçbir stok değiştirilmedi.`);
  }
  return new AppError(
    'BUSINESS_RULE',
    `${result.overflows.join('; ')} (en çok ${MAX_LINE_QUANTITY}). Hiçbir stok değiştirilmedi.`,
  );
}

type ImportLines = z.output<typeof StockImportBulkBody>['stockChange'];
type ExportLines = z.output<typeof StockExportBulkBody>['stockChange'];
type CountLines = z.output<typeof StockCountBulkBody>['updatedStocks'];

/** Goods-in lines with their lots resolved (created when new), each pointing at its field for errors. */
async function inbound(tx: Tx, actor: Actor, lines: ImportLines, field: (index: number) => string) {
  const lotIds = await resolveReceivedLots(
    tx,
    actor,
    lines.map((line, index) => ({ stockLineId: line.id, lot: line.lot, field: field(index) })),
  );
  return lines.map(
    (line, index): StockChange => ({
      stockLineId: line.id,
      kind: 'add',
      quantity: line.importedQuantity,
      action: line.stockOperationType,
      notes: line.notes,
      lotId: lotIds[index],
    }),
  );
}
/** Goods handed to someone to eat or sell never come from an expired lot (decision 151). */
const sellingFreshness = () => ({ day: todayInIstanbul(), reason: 'süresi geçmiş ürün satılamaz' });
const outbound = (lines: ExportLines): StockChange[] =>
  lines.map((line) => ({
    stockLineId: line.id,
    kind: 'add',
    quantity: -line.exportedQuantity,
    action: line.stockOperationType,
    notes: line.notes,
    lotId: line.lotId ?? undefined,
    freshFrom: SELLING_OUTBOUND_TYPES.includes(line.stockOperationType) ? sellingFreshness() : undefined,
  }));
const counted = (lines: CountLines): StockChange[] =>
  lines.map((line) => ({
    stockLineId: line.id,
    kind: 'set',
    quantity: line.quantity,
    action: STOCK_COUNT_ACTION,
    notes: line.notes,
    lotId: line.lotId ?? undefined,
  }));

/**
 * The answer of a movement is read before the movement (decision 48): once the movement's statement
 * has committed, nothing is left that could fail and tell the client its booked stock was refused. The
 * lines it changed are then shown with the quantities the statement left them at.
 */
function withApplied(items: ProductItem[], { applied, lots }: Moved): ProductItem[] {
  const after = new Map(applied.map((change) => [change.stockLineId, change.quantityAfterChange]));
  const moved = new Set(applied.map((change) => change.productItemId));
  return items.map((item) => {
    if (!moved.has(item.id)) return item;
    let total = item.totalStockQuantity;
    const stocks = item.stocks.map((line) => {
      const quantity = after.get(line.id);
      if (quantity === undefined) return line;
      total += quantity - line.quantity;
      const boxQuantity = boxesOf(quantity, item.quantityInBox) ?? 0;
      // A moved line carries every lot it holds after the movement, whatever list it was read for.
      const moved = lots.get(line.id);
      return moved
        ? { ...line, quantity, boxQuantity, lots: moved, lotCount: moved.length }
        : { ...line, quantity, boxQuantity };
    });
    const boxQuantity = boxesOf(total, item.quantityInBox) ?? 0;
    // A movement writes history, and an item with history is frozen (docs/domain/stock.md).
    return { ...item, stocks, totalStockQuantity: total, boxQuantity, frozen: true };
  });
}

/** The changes of a call, built inside the movement's transaction (goods-in resolves its lots there). */
type Changes = (tx: Tx) => StockChange[] | Promise<StockChange[]>;

/** What a movement did, with the lots of its lines after it. */
type Moved = { applied: AppliedChange[]; lots: Map<number, StockLineLot[]> };

/**
 * The movement in one transaction: the caller's, or its own. The lines' lots come in it from the write
 * (or, when nothing was written, a read), so the answer names a lot the movement created and nothing
 * can fail once it has committed.
 */
async function move(db: Db | Tx, actor: Actor, changes: Changes): Promise<Moved> {
  const run = async (tx: Tx) => {
    const { applied, lots } = await applyInTransaction(tx, await changes(tx), { actor }, true);
    if (!lots) {
      return {
        applied,
        lots: await lotsOfLines(
          tx,
          applied.map((change) => change.stockLineId),
        ),
      };
    }
    const today = todayInIstanbul();
    return {
      applied,
      lots: new Map([...lots].map(([lineId, tuples]) => [lineId, stockLineLots(tuples, today)])),
    };
  };
  return isTransaction(db) ? run(db) : db.transaction(run);
}

/**
 * A bulk call answers the items it moved, not the whole list (docs/decisions/0117-bulk-stock-movement-answers-items-moved-list.md): read
 * first, in the shape of the screen's list (the lines of its warehouse filter), then the movement.
 */
async function moveThenList(
  db: Db | Tx,
  actor: Actor,
  lineIds: readonly number[],
  changes: Changes,
  query: ProductItemFilters,
) {
  if (lineIds.length === 0) return [];
  const items = await findProductItemsOfLines(db, lineIds, query);
  return withApplied(items, await move(db, actor, changes));
}

/** A single-line call: the item of the line, read first, then the movement. */
async function moveThenItem(
  db: Db | Tx,
  actor: Actor,
  lineId: number,
  changes: Changes,
): Promise<ProductItem> {
  const line = await findItemOfLine(db, lineId);
  if (!line) throw notFound(`Stok satırı bulunamadı: ${lineId}.`);
  const item = await findProductItem(db, line.productItemId);
  return withApplied([item], await move(db, actor, changes))[0]!;
}

/*
 * The movement services have the shape of every write, `(db, actor, input)`, with `db` the database or a
 * transaction. The stock routes pass the database itself: the read of the answer then uses the pool's
 * prepared statements (decision 36), and the movement runs in a short transaction of its own that holds
 * its lines locked from the lock to the write (decision 151; before lots it was one statement,
 * decisions 34 and 121).
 */
const ids = (lines: readonly { id: number }[]) => lines.map((line) => line.id);

/** Goods-in: the pieces are added to their lines, each into its lot. */
export const receiveGoods = (db: Db | Tx, actor: Actor, lines: ImportLines, query: ProductItemFilters) =>
  moveThenList(
    db,
    actor,
    ids(lines),
    (tx) => inbound(tx, actor, lines, (index) => `stockChange[${index}]`),
    query,
  );

/** Goods-out: the pieces are taken from their lines; more than a line holds refuses everything. */
export const shipGoods = (db: Db | Tx, actor: Actor, lines: ExportLines, query: ProductItemFilters) =>
  moveThenList(db, actor, ids(lines), () => outbound(lines), query);

/** A stock count: each line's (or lot's) quantity becomes the counted one. */
export const countStock = (db: Db | Tx, actor: Actor, lines: CountLines, query: ProductItemFilters) =>
  moveThenList(db, actor, ids(lines), () => counted(lines), query);

export const receiveGoodsOnLine = (db: Db | Tx, actor: Actor, line: ImportLines[number]) =>
  moveThenItem(db, actor, line.id, (tx) => inbound(tx, actor, [line], () => ''));

export const shipGoodsFromLine = (db: Db | Tx, actor: Actor, line: ExportLines[number]) =>
  moveThenItem(db, actor, line.id, () => outbound([line]));

export const countStockLine = (db: Db | Tx, actor: Actor, line: CountLines[number]) =>
  moveThenItem(db, actor, line.id, () => counted([line]));
