import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError, businessRule, notFound } from '../../http/errors.ts';
import { productFigures } from '../products/product-availability.ts';

/**
 * Locks the item rows of the products' bundles, in id order, until the transaction ends: every write
 * that reserves pieces goes through here first, so two of them on a shared item queue up instead of
 * both counting the same free pieces. Figures read after the lock see what the other one committed.
 */
export async function lockBundleItems(tx: Tx, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    select i.id from product_items i
     where i.id in (select b.product_item_id from product_bundles b
                     where b.product_id = any(${sql.param([...productIds])}::int[]))
     order by i.id
       for update of i`);
}

/**
 * What a reserving write asks of one product: `pieces` more than it holds now; `held`, pieces of the
 * same request already counted as reserved (a basket line becoming an order item holds its pieces).
 */
export type Demand = { productId: number; pieces: number; held?: number };

/**
 * Locks, re-counts and refuses (409 INSUFFICIENT_STOCK, naming product, boxes available and boxes asked)
 * when a product cannot give what is asked: more pieces than are free, or, for pieces already held, an
 * item over-reserved since (a goods-out). Runs before writing, inside the writing transaction.
 * A product with 0 pieces per box cannot be ordered by the box (422).
 */
export async function reserveOrRefuse(tx: Tx, demands: readonly Demand[]): Promise<void> {
  if (demands.length === 0) return;
  const ids = [...new Set(demands.map((demand) => demand.productId))].sort((a, b) => a - b);
  await lockBundleItems(tx, ids);
  const figures = await productFigures(tx, sql`p.id = any(${sql.param(ids)}::int[])`);
  const shortfalls: string[] = [];
  for (const id of ids) {
    const product = figures.find((one) => one.id === id);
    if (!product) throw notFound(`Satış ürünü bulunamadı: #${id}.`);
    const box = product.quantityInsideBox;
    if (box <= 0) {
      throw businessRule(
        `'${product.name}' ürününün koli içi adedi tanımlı değil; koli ile sipariş verilemez.`,
      );
    }
    const mine = demands.filter((demand) => demand.productId === id);
    const pieces = mine.reduce((sum, demand) => sum + demand.pieces, 0);
    const held = mine.reduce((sum, demand) => sum + (demand.held ?? 0), 0);
    const free = product.availableStockCount + held;
    if (pieces > free) {
      shortfalls.push(
        `'${product.name}' ürünü için yeterli stok yok (kullanılabilir: ${Math.max(0, Math.floor(free / box))} koli, istenen: ${boxesText(pieces, box)} koli)`,
      );
    }
  }
  if (shortfalls.length > 0) {
    throw new AppError('INSUFFICIENT_STOCK', `${shortfalls.join('; ')}. Hiçbir değişiklik yapılmadı.`);
  }
}

/** Boxes of pieces as a user reads them: whole boxes, or with one decimal when they do not fill one. */
function boxesText(pieces: number, box: number): string {
  const boxes = pieces / box;
  return Number.isInteger(boxes)
    ? String(boxes)
    : boxes.toLocaleString('tr-TR', { maximumFractionDigits: 1 });
}
