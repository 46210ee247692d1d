import { asc, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productItems, products } from '../../db/schema.ts';

/** The first item (by id) that `where` picks, as a scan answers it. */
const itemsWhere = (db: Db, where: SQL) =>
  db
    .select({
      id: productItems.id,
      name: productItems.name,
      stockCode: productItems.stockCode,
      barcode: productItems.barcode,
      quantityInBox: productItems.quantityInBox,
    })
    .from(productItems)
    .where(where)
    .orderBy(asc(productItems.id))
    .limit(1);

/** The first item (by id) whose barcode is one of these. */
export const itemsWithBarcodes = (db: Db, barcodes: string[]) =>
  itemsWhere(db, inArray(productItems.barcode, barcodes));

/** The first item (by id) whose stock code is one of these. */
export const itemsWithStockCodes = (db: Db, stockCodes: string[]) =>
  itemsWhere(db, inArray(productItems.stockCode, stockCodes));

/** The sellable products whose barcode is one of `barcodes` or whose stock code is `stockCode`, by id. */
export function sellableProductsWithCodes(db: Db, barcodes: string[], stockCode: string) {
  return db
    .select({
      id: products.id,
      name: products.name,
      stockCode: products.stockCode,
      barcode: products.barcode,
    })
    .from(products)
    .where(or(inArray(products.barcode, barcodes), inArray(products.stockCode, [stockCode])))
    .orderBy(asc(products.id));
}
