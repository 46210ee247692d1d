import {
  isAllFilter,
  PACKAGING_TYPE_LABELS,
  PACKAGING_UNIT_TYPE_LABELS,
  type PackagingType,
  type PackagingUnitType,
} from '@mandira/contract/products';
import type { BundleLine, ItemCard, Product } from '@mandira/contract/sellable-products';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productBundles, productItems } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
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

/** Bundle responses carry the packaging labels so screens need no second lookup (spec §3). */
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
 * order screen's stock figures (one statement), then their bundles.
 */
export async function findProducts(db: Db, packagingGroup?: string, id?: number): Promise<Product[]> {
  const inGroup = isAllFilter(packagingGroup)
    ? sql`true`
    : sql`exists (select 1 from product_bundles gb join product_items gi on gi.id = gb.product_item_id
                  where gb.product_id = p.id and gi.packaging_group = ${packagingGroup!.trim()})`;
  const rows = await productRowsWithFigures(
    db,
    id === undefined ? inGroup : sql`p.id = ${id} and ${inGroup}`,
  );
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      lineId: productBundles.id,
      productId: productBundles.productId,
      quantity: productBundles.quantity,
      ...itemCardColumns,
    })
    .from(productBundles)
    .innerJoin(productItems, eq(productItems.id, productBundles.productItemId))
    .where(
      inArray(
        productBundles.productId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(productBundles.id));
  const bundleOf = new Map<number, BundleLine[]>();
  const groupsOf = new Map<number, Set<string>>();
  for (const { lineId, productId, id: productItemId, ...line } of lines) {
    const bundle = bundleOf.get(productId) ?? [];
    bundle.push({ ...withDescriptions(line), id: lineId, productItemId });
    bundleOf.set(productId, bundle);
    groupsOf.set(productId, (groupsOf.get(productId) ?? new Set()).add(line.packagingGroup ?? ''));
  }
  return rows.map((row) => {
    const bundle = bundleOf.get(row.id) ?? [];
    return {
      ...row,
      onlineListingAvailable: row.onlineListingAvailable ? 1 : 0,
      truckShippingAvailable: row.truckShippingAvailable ? 1 : 0,
      productBundle: bundle,
      productItemIds: bundle.map((line) => line.productItemId),
      packagingGroups: [...(groupsOf.get(row.id) ?? [])],
    };
  });
}

export async function findProduct(db: Db, id: number): Promise<Product> {
  const [product] = await findProducts(db, undefined, id);
  if (!product) throw notFound('Satış ürünü bulunamadı.');
  return product;
}

/** Every item, as the bundle picker lists it. */
export async function findItemCards(db: Db): Promise<ItemCard[]> {
  const rows = await db.select(itemCardColumns).from(productItems).orderBy(asc(productItems.name));
  return rows.map(withDescriptions);
}
