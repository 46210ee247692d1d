import {
  isAllFilter,
  PACKAGING_TYPE_LABELS,
  PACKAGING_UNIT_TYPE_LABELS,
  type PackagingType,
  type PackagingUnitType,
} from '@mandira/contract/products';
import type { BundleLine, BundleLineInput, ItemCard, Product } from '@mandira/contract/sellable-products';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productBundles, productItems, productReservations, products } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { storedRow } from '../audit/record-change.ts';
import { productRowsWithFigures } from './product-availability.ts';

const itemCardColumns = {
  id: productItems.id,
  name: productItems.name,
  stockCode: productItems.stockCode,
  barcode: productItems.barcode,
  packagingGroup: productItems.packagingGroup,
  packagingType: productItems.packagingType,
  packagingUnitType: productItems.packagingUnitType,
  packagingUnitTypeAmount: productItems.packagingUnitTypeAmount,
};

type CardRow = {
  packagingGroup: string | null;
  packagingType: PackagingType;
  packagingUnitType: PackagingUnitType;
};

/** Bundle responses carry the packaging labels so screens need no second lookup. */
function withDescriptions<T extends CardRow>(row: T) {
  return {
    ...row,
    packagingGroup: row.packagingGroup ?? '',
    packagingTypeDescription: { name: row.packagingType, label: PACKAGING_TYPE_LABELS[row.packagingType] },
    packagingUnitTypeDescription: {
      name: row.packagingUnitType,
      label: PACKAGING_UNIT_TYPE_LABELS[row.packagingUnitType],
    },
  };
}

/**
 * Sellable products, optionally those with an item of the packaging group in their bundle, with the
 * order screen's stock figures and their bundles, in one statement.
 */
export async function findProducts(db: Db | Tx, packagingGroup?: string, id?: number): Promise<Product[]> {
  const inGroup = isAllFilter(packagingGroup)
    ? sql`true`
    : sql`exists (select 1 from product_bundles gb join product_items gi on gi.id = gb.product_item_id
                  where gb.product_id = p.id and gi.packaging_group = ${packagingGroup!.trim()})`;
  const rows = await productRowsWithFigures(
    db,
    id === undefined ? inGroup : sql`p.id = ${id} and ${inGroup}`,
  );
  return rows.map(({ bundle: lines, ...row }) => {
    const bundle: BundleLine[] = lines.map((line) => withDescriptions(line));
    return {
      ...row,
      onlineListingAvailable: row.onlineListingAvailable ? 1 : 0,
      truckShippingAvailable: row.truckShippingAvailable ? 1 : 0,
      productBundle: bundle,
      productItemIds: lines.map((line) => line.productItemId),
      packagingGroups: [...new Set(lines.map((line) => line.packagingGroup ?? ''))],
    };
  });
}

export async function findProduct(db: Db | Tx, id: number): Promise<Product> {
  const [product] = await findProducts(db, undefined, id);
  if (!product) throw notFound('Satış ürünü bulunamadı.');
  return product;
}

/** Every item, as the bundle picker lists it. */
export async function findItemCards(db: Db): Promise<ItemCard[]> {
  const rows = await db.select(itemCardColumns).from(productItems).orderBy(asc(productItems.name));
  return rows.map(withDescriptions);
}

/** The stored fields of a sellable product, as its form writes them. */
export type ProductValues = Omit<typeof products.$inferInsert, 'id'>;

export async function insertProduct(tx: Tx, values: ProductValues): Promise<number> {
  const [created] = await tx.insert(products).values(values).returning({ id: products.id });
  return created!.id;
}

/** Its reservation counters, at zero. */
export async function insertProductReservations(tx: Tx, productId: number): Promise<void> {
  await tx.insert(productReservations).values({ productId });
}

/** Locks the product's row; undefined when there is none. */
export async function lockProduct(tx: Tx, id: number) {
  const [current] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, id))
    .for('update');
  return current;
}

export async function updateProductRow(tx: Tx, id: number, values: ProductValues): Promise<void> {
  await tx
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

export async function deleteBundle(tx: Tx, productId: number): Promise<void> {
  await tx.delete(productBundles).where(eq(productBundles.productId, productId));
}

export async function insertBundle(
  tx: Tx,
  productId: number,
  lines: readonly BundleLineInput[],
): Promise<void> {
  if (lines.length === 0) return;
  await tx.insert(productBundles).values(lines.map((line) => ({ productId, ...line })));
}

/** Which of the items exist, share-locked: an item update in flight is waited for. */
export function shareLockItems(tx: Tx, ids: number[]) {
  return tx
    .select({ id: productItems.id })
    .from(productItems)
    .where(inArray(productItems.id, ids))
    .for('share');
}

/** The product's row as the audit trail stores it. */
export const storedProduct = (tx: Tx, id: number) => storedRow(tx, products, id);

export async function countProductRows(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(products);
  return row?.value ?? 0;
}

/** The packaging group of every item in some bundle, each once. */
export function findBundledPackagingGroups(db: Db) {
  return db
    .select({ group: productItems.packagingGroup })
    .from(productBundles)
    .innerJoin(productItems, eq(productItems.id, productBundles.productItemId))
    .groupBy(productItems.packagingGroup);
}
