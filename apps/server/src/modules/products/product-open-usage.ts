import { CANCELED_ITEM_STATUSES, FINISHED_ORDER_STATUSES } from '@mandira/contract/order-machines';
import type { ProductOpenUsage } from '@mandira/contract/sellable-products';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import { statusNotIn } from '../../db/status-sql.ts';
import { notFound } from '../../http/errors.ts';

/**
 * `GET /products/{id}/open-usage` (decision 100): the baskets a price or bundle edit changes, and the
 * open orders it leaves as they were placed, so the product form can say so before saving.
 */
export async function productOpenUsage(db: Db, productId: number): Promise<ProductOpenUsage> {
  const [row] = await rowsOf<ProductOpenUsage>(
    db,
    sql`select p.id as "productId",
               (select count(distinct bl.basket_id) from basket_lines bl where bl.product_id = p.id)::int
                 as "basketCount",
               coalesce((select sum(bl.quantity) from basket_lines bl where bl.product_id = p.id), 0)::float8
                 as "basketPieces",
               (select count(distinct oi.order_id) from order_items oi join orders o on o.id = oi.order_id
                 where oi.product_id = p.id and ${statusNotIn('oi.status', CANCELED_ITEM_STATUSES)}
                   and ${statusNotIn('o.status', FINISHED_ORDER_STATUSES)})::int
                 as "orderCount",
               coalesce((select sum(oi.quantity) from order_items oi join orders o on o.id = oi.order_id
                 where oi.product_id = p.id and ${statusNotIn('oi.status', CANCELED_ITEM_STATUSES)}
                   and ${statusNotIn('o.status', FINISHED_ORDER_STATUSES)}), 0)::float8
                 as "orderPieces"
          from products p where p.id = ${productId}`,
  );
  if (!row) throw notFound('Satış ürünü bulunamadı.');
  return row;
}
