import { isAllFilter, type ProductItem, type ProductItemQuery } from '@mandira/contract/products';
import { boxesOf } from '@mandira/contract/stock';
import { and, asc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productItems } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { itemFrozenSql } from './item-freeze.ts';
import { itemStockTotalSql, stockLinesOf } from './item-stock.ts';

export type ItemRow = typeof productItems.$inferSelect;

const { createdAt: _createdAt, updatedAt: _updatedAt, ...itemColumns } = getTableColumns(productItems);

function selectItems(db: Db, warehouseName: string | undefined, where: SQL | undefined) {
  return db
    .select({
      ...itemColumns,
      frozen: itemFrozenSql(productItems.id),
      totalStockQuantity: itemStockTotalSql(productItems.id, warehouseName),
    })
    .from(productItems)
    .where(where)
    .orderBy(asc(productItems.stockCode));
}

/** Items with their stock figures; the filters of spec §7, each empty (or 'all') meaning all. */
export async function findProductItems(
  db: Db,
  query: ProductItemQuery = {},
  id?: number,
): Promise<ProductItem[]> {
  const warehouseName = isAllFilter(query.warehouseName) ? undefined : query.warehouseName;
  const rows = await selectItems(
    db,
    warehouseName,
    and(
      id === undefined ? undefined : eq(productItems.id, id),
      isAllFilter(query.packagingGroup) ? undefined : eq(productItems.packagingGroup, query.packagingGroup!),
      isAllFilter(query.warehouseStockType)
        ? undefined
        : eq(productItems.warehouseStockType, query.warehouseStockType as ItemRow['warehouseStockType']),
    ),
  );
  const lines = await stockLinesOf(
    db,
    rows.map((row) => row.id),
    warehouseName,
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
