import { isAllFilter, type ProductItem, type ProductItemQuery } from '@mandira/contract/products';
import { boxesOf } from '@mandira/contract/stock';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/client.ts';
import { productItems } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { itemFrozenSql } from './item-freeze.ts';
import { itemStockTotalSql, prepareStockLinesOf, stockLinesByItem } from './item-stock.ts';

const { createdAt: _createdAt, updatedAt: _updatedAt, ...itemColumns } = getTableColumns(productItems);

/** The stock lines of the listed items, with or without a warehouse (key '1' or '0'). */
const stockLinesOf = perDatabase((db, key) =>
  prepareStockLinesOf(db, `product_item_lines_${key}`, key === '1'),
);

/**
 * One prepared statement pair per filter shape, the key saying which filters a call carries (1 or 0 for
 * id, packaging group, stock type and warehouse), built once per database.
 */
const itemListOf = perDatabase((db, key) => {
  const [id, packagingGroup, warehouseStockType, byWarehouse] = [...key].map((on) => on === '1');
  const items = db
    .select({
      ...itemColumns,
      frozen: itemFrozenSql(productItems.id),
      totalStockQuantity: itemStockTotalSql(
        productItems.id,
        byWarehouse ? sql.placeholder('warehouseName') : undefined,
      ),
    })
    .from(productItems)
    .where(
      and(
        id ? eq(productItems.id, sql.placeholder('id')) : undefined,
        packagingGroup ? eq(productItems.packagingGroup, sql.placeholder('packagingGroup')) : undefined,
        warehouseStockType
          ? eq(productItems.warehouseStockType, sql.placeholder('warehouseStockType'))
          : undefined,
      ),
    )
    .orderBy(asc(productItems.stockCode))
    .prepare(`product_items_${key}`);
  return { items, lines: stockLinesOf(db, byWarehouse ? '1' : '0') };
});

/**
 * Items with their stock figures; the filters of spec §7, each empty (or 'all') meaning all. Every
 * screen reads this list after each movement, so its two statements are prepared: built once, and
 * planned once per database connection.
 */
export async function findProductItems(
  db: Db,
  query: ProductItemQuery = {},
  id?: number,
): Promise<ProductItem[]> {
  // In the order of the statement key.
  const filters = {
    id,
    packagingGroup: isAllFilter(query.packagingGroup) ? undefined : query.packagingGroup,
    warehouseStockType: isAllFilter(query.warehouseStockType) ? undefined : query.warehouseStockType,
    warehouseName: isAllFilter(query.warehouseName) ? undefined : query.warehouseName,
  };
  const list = itemListOf(
    db,
    Object.values(filters)
      .map((value) => (value === undefined ? 0 : 1))
      .join(''),
  );
  const rows = await list.items.execute(filters);
  if (rows.length === 0) return [];
  const lines = stockLinesByItem(
    await list.lines.execute({ itemIds: rows.map((row) => row.id), warehouseName: filters.warehouseName }),
  );
  return rows.map((row) => ({
    ...row,
    packagingGroup: row.packagingGroup ?? '',
    boxQuantity: boxesOf(row.totalStockQuantity, row.quantityInBox) ?? 0,
    stocks: lines.get(row.id) ?? [],
  }));
}

export async function findProductItem(db: Db, id: number): Promise<ProductItem> {
  const [item] = await findProductItems(db, {}, id);
  if (!item) throw notFound('Ürün bulunamadı.');
  return item;
}
