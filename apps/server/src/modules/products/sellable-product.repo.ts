import {
  isAllFilter,
  PACKAGING_TYPE_LABELS,
  PACKAGING_UNIT_TYPE_LABELS,
  type PackagingType,
  type PackagingUnitType,
} from '@mandira/contract/products';
import type { BundleLine, ItemCard, Product } from '@mandira/contract/sellable-products';
import { asc, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productItems } from '../../db/schema.ts';
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
