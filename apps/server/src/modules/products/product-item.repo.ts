import { isAllFilter, type ProductItem, type ProductItemQuery } from '@mandira/contract/products';
import { boxesOf } from '@mandira/contract/stock';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productItems } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { itemFrozenSql } from './item-freeze.ts';
import { itemStockTotalSql, prepareStockLinesOf, stockLinesByItem } from './item-stock.ts';

export type ItemRow = typeof productItems.$inferSelect;

const { createdAt: _createdAt, updatedAt: _updatedAt, ...itemColumns } = getTableColumns(productItems);

/** Which filters a list call carries: each shape is one prepared statement pair, built once per database. */
type Shape = { id: boolean; packagingGroup: boolean; warehouseStockType: boolean; warehouseName: boolean };

function prepareItemList(db: Db, shape: Shape) {
  const key = Object.values(shape)
    .map((on) => (on ? 1 : 0))
    .join('');
  const warehouseName = shape.warehouseName ? sql.placeholder('warehouseName') : undefined;
  const items = db
    .select({
      ...itemColumns,
      frozen: itemFrozenSql(productItems.id),
      totalStockQuantity: itemStockTotalSql(productItems.id, warehouseName),
    })
    .from(productItems)
    .where(
      and(
        shape.id ? eq(productItems.id, sql.placeholder('id')) : undefined,
        shape.packagingGroup ? eq(productItems.packagingGroup, sql.placeholder('packagingGroup')) : undefined,
        shape.warehouseStockType
          ? eq(productItems.warehouseStockType, sql.placeholder('warehouseStockType'))
          : undefined,
      ),
    )
    .orderBy(asc(productItems.stockCode))
    .prepare(`product_items_${key}`);
  const lines = prepareStockLinesOf(
    db,
    `product_item_lines_${shape.warehouseName ? 1 : 0}`,
    shape.warehouseName,
  );
  return { items, lines };
}

const itemLists = new WeakMap<Db, Map<string, ReturnType<typeof prepareItemList>>>();

function itemListFor(db: Db, shape: Shape) {
  let byShape = itemLists.get(db);
  if (!byShape) {
    byShape = new Map();
    itemLists.set(db, byShape);
  }
  const key = JSON.stringify(shape);
  let list = byShape.get(key);
  if (!list) {
    list = prepareItemList(db, shape);
    byShape.set(key, list);
  }
  return list;
}

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
  const filters = {
    id,
    packagingGroup: isAllFilter(query.packagingGroup) ? undefined : query.packagingGroup,
    warehouseStockType: isAllFilter(query.warehouseStockType) ? undefined : query.warehouseStockType,
    warehouseName: isAllFilter(query.warehouseName) ? undefined : query.warehouseName,
  };
  const list = itemListFor(db, {
    id: filters.id !== undefined,
    packagingGroup: filters.packagingGroup !== undefined,
    warehouseStockType: filters.warehouseStockType !== undefined,
    warehouseName: filters.warehouseName !== undefined,
  });
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
