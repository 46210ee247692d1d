import type { ProductStock } from '@mandira/contract/sellable-products';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productBundles, products } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import {
  itemStockTotalSql,
  productPiecesInBasketsSql,
  productPiecesInOrdersSql,
  qualified,
} from './item-stock.ts';

/**
 * DESIGN §6, in SQL so the order screen can later ask it for many products at once: pieces on hand =
 * min over bundle lines of ⌊item stock ÷ line quantity⌋ (0 without a bundle); available = on hand −
 * waiting in baskets − waiting in orders; boxes = ⌊available ÷ pieces per box⌋, never below 0.
 */
export async function productStock(db: Db, productId: number): Promise<ProductStock> {
  const onHand = sql<number>`coalesce((
    select min(floor(${itemStockTotalSql(sql`stock_b.product_item_id`)} / stock_b.quantity))
    from ${productBundles} as stock_b where stock_b.product_id = ${qualified(products.id)}
  ), 0)::int`;
  const figures = db
    .select({
      id: products.id,
      name: products.name,
      stockCode: products.stockCode,
      barcode: products.barcode,
      quantityInsideBox: products.quantityInsideBox,
      price: products.price,
      warehouseStockCount: onHand.as('warehouse_stock_count'),
      waitingInBasketStockCount: sql<number>`(${productPiecesInBasketsSql(qualified(products.id))})::int`.as(
        'in_baskets',
      ),
      waitingInOrderStockCount: sql<number>`(${productPiecesInOrdersSql(qualified(products.id))})::int`.as(
        'in_orders',
      ),
    })
    .from(products)
    .where(eq(products.id, productId))
    .as('figures');
  const available = sql`(${figures.warehouseStockCount} - ${figures.waitingInBasketStockCount} - ${figures.waitingInOrderStockCount})`;
  const [row] = await db
    .select({
      id: figures.id,
      name: figures.name,
      stockCode: figures.stockCode,
      barcode: figures.barcode,
      quantityInsideBox: figures.quantityInsideBox,
      price: figures.price,
      warehouseStockCount: sql<number>`${figures.warehouseStockCount}`.mapWith(Number),
      waitingInBasketStockCount: sql<number>`${figures.waitingInBasketStockCount}`.mapWith(Number),
      waitingInOrderStockCount: sql<number>`${figures.waitingInOrderStockCount}`.mapWith(Number),
      availableStockCount: sql<number>`${available}::int`.mapWith(Number),
      availableBoxCount: sql<number>`(case when ${figures.quantityInsideBox} > 0
        then greatest(0, floor(${available}::numeric / ${figures.quantityInsideBox})) else 0 end)::int`.mapWith(
        Number,
      ),
    })
    .from(figures);
  if (!row) throw notFound('Satış ürünü bulunamadı.');
  return row;
}
