import { z } from 'zod';
import { atMostDecimals, idOf, optionalParam, optionalText, smallestUnit, text } from './fields.ts';
import {
  EnumDescription,
  isAllFilter,
  PackagingType,
  PackagingUnitType,
  WAREHOUSE_STOCK_TYPE_LABELS,
  WarehouseStockType,
} from './packaging.ts';
import { PageFigures, pagingOf } from './paging.ts';

// The packaging enumerations and their labels live in packaging.ts; their importers keep this path.
export {
  ALL_LABEL,
  EnumDescription,
  isAllFilter,
  PACKAGING_TYPE_LABELS,
  PACKAGING_UNIT_TYPE_LABELS,
  PackagingType,
  PackagingUnitType,
  packagingGroupLabel,
  packagingGroupOf,
  sortPackagingGroups,
  storageFormOf,
  WAREHOUSE_STOCK_TYPE_LABELS,
  WarehouseStockType,
} from './packaging.ts';

import { recordVersion, versionField } from './record-version.ts';
import { LIST_LINE_LOTS, StockLineLot } from './stock-line-lots.ts';

const requiredText = (max: number) => text().trim().min(1).max(max);
/** A positive size kept to `decimals` places in the database: at least one unit of the last place. */
const measure = (max: number, decimals: number) =>
  z
    .number()
    .min(smallestUnit(decimals))
    .max(max)
    .refine(...atMostDecimals(decimals));
const optionalNotes = text()
  .trim()
  .max(2000)
  .nullish()
  .transform((value) => value ?? '');

/** The fields of the stockable product form and the approval form: all required but notes. */
export const productItemFields = {
  name: requiredText(200),
  stockCode: requiredText(64),
  barcode: requiredText(64),
  packagingType: PackagingType,
  warehouseStockType: WarehouseStockType,
  packagingUnitType: PackagingUnitType,
  packagingUnitTypeAmount: measure(1_000_000, 3),
  width: measure(10_000, 2),
  length: measure(10_000, 2),
  height: measure(10_000, 2),
  /** Pieces in one box; 0 when the item is not sold by the box. */
  quantityInBox: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .nullish()
    .transform((value) => value ?? 0),
  notes: optionalNotes,
};

export const CreateProductItemBody = z.object(productItemFields);
const itemId = idOf('Geçerli bir ürün numarası giriniz.');
export type CreateProductItemBody = z.input<typeof CreateProductItemBody>;
export const UpdateProductItemBody = z.object({
  id: itemId,
  ...productItemFields,
  ...versionField,
});
export type UpdateProductItemBody = z.input<typeof UpdateProductItemBody>;

/** The fields a frozen item keeps (docs/domain/stock.md), with the names the refusal message uses. */
export const FROZEN_FIELDS = {
  packagingType: 'Ambalaj tipi',
  packagingUnitType: 'Birim tipi',
  packagingUnitTypeAmount: 'Birim miktarı',
} as const;

/** Pieces in whole boxes; 0 when the item is not sold by the box (its quantityInBox is 0). */
const boxes = z.number().int().describe('Whole boxes of the pieces; 0 when the item is not sold by the box.');

/** A warehouse's stock of one item; the stock area fills these, the shape is final. */
export const StockLine = z
  .object({
    id: z
      .number()
      .int()
      .describe(
        'The stock LINE id (this item in this warehouse), not the item id: goods-in, goods-out and counts name it.',
      ),
    warehouseId: z.number().int().describe('The own warehouse the line is in.'),
    quantity: z.number().int().describe('Pieces on hand.'),
    boxQuantity: boxes,
    wareHouse: EnumDescription.describe(
      "The warehouse: its code (DEPO1) as `name`, its short name ('Depo-1') as `label`.",
    ),
    packagingUnitTypeAmount: z.number().describe("The item's unit amount, as on the item."),
    packagingUnitType: PackagingUnitType,
    packagingType: PackagingType,
    lots: z
      .array(StockLineLot)
      .describe(
        `The lots with pieces on the line, earliest expiry first, undated last. A list of items carries each line's first ${LIST_LINE_LOTS}; the item read by its id carries all of them.`,
      ),
    lotCount: z
      .number()
      .int()
      .describe('How many lots hold pieces on the line: more than `lots` carries when a list cut them.'),
  })
  .meta({ id: 'StockLine' });
export type StockLine = z.infer<typeof StockLine>;

/** A stockable product (product item) with its stock lines. */
export const ProductItem = z
  .object({
    id: z.number().int().describe('The item id.'),
    version: recordVersion,
    name: text(),
    stockCode: text().describe('Unique.'),
    barcode: text().describe('Unique.'),
    packagingType: PackagingType,
    warehouseStockType: WarehouseStockType,
    packagingUnitType: PackagingUnitType,
    packagingUnitTypeAmount: z
      .number()
      .describe('Contents of one piece in `packagingUnitType`, up to three decimals.'),
    packagingGroup: text().describe(
      "Amount and unit, e.g. '1500 GRAM': the value of the packaging-group filters.",
    ),
    width: z.number().describe('Centimetres, two decimals.'),
    length: z.number().describe('Centimetres, two decimals.'),
    height: z.number().describe('Centimetres, two decimals.'),
    quantityInBox: z.number().int().describe('Pieces in one box; 0 when the item is not sold by the box.'),
    notes: text(),
    /** Locks packagingType, packagingUnitType and packagingUnitTypeAmount (docs/domain/stock.md). */
    frozen: z
      .boolean()
      .describe(
        'The item has stock history or is in a sellable product: packagingType, packagingUnitType and packagingUnitTypeAmount can no longer change.',
      ),
    totalStockQuantity: z
      .number()
      .int()
      .describe('Pieces on hand over its lines (those of the warehouse filter when one is given).'),
    boxQuantity: boxes,
    stocks: z
      .array(StockLine)
      .describe(
        "One line per own warehouse, by warehouse id; only the filtered warehouse's when one is given.",
      ),
  })
  .meta({ id: 'ProductItem' });
export type ProductItem = z.infer<typeof ProductItem>;

/** Filters of the item list; an empty value means all. */
export const ProductItemFilters = z.object({
  packagingGroup: text().trim().max(100).optional(),
  warehouseStockType: text()
    .trim()
    .optional()
    .refine((value) => isAllFilter(value) || WarehouseStockType.safeParse(value).success, {
      message: `Geçersiz depo stok tipi; beklenen: ${Object.keys(WAREHOUSE_STOCK_TYPE_LABELS).join(', ')}`,
    }),
  warehouseName: text().trim().max(100).optional(),
});
export type ProductItemFilters = z.infer<typeof ProductItemFilters>;

export const MAX_PRODUCT_ITEM_PAGE_SIZE = 500;

/**
 * `GET /product-item`: the filters, `q` (stock code, name or barcode containing it, Turkish
 * case-insensitive) and, optionally, `page` and `size`, by stock code. Paged, the answer is a
 * `ProductItemPage`; unpaged, the API's plain array
 * (docs/decisions/0116-baskets-item-catalogue-page-search-sql-unpaged.md).
 */
export const ProductItemQuery = ProductItemFilters.extend({
  q: optionalParam(optionalText(100)),
  ...pagingOf(MAX_PRODUCT_ITEM_PAGE_SIZE),
});
export type ProductItemQuery = z.input<typeof ProductItemQuery>;

export const ProductItemPage = z.object({ items: z.array(ProductItem), ...PageFigures }).meta({
  id: 'ProductItemPage',
  description: 'One page of items, by stock code, and the count of all that match.',
});
export type ProductItemPage = z.infer<typeof ProductItemPage>;
/** `GET /product-item`: an array without `page` and `size`, one page with either. */
export const ProductItemList = z
  .union([z.array(ProductItem), ProductItemPage])
  .describe(
    'Without `page` and `size`: every matching item, by stock code. With either: one `ProductItemPage`.',
  );

/** Packaging groups, e.g. '1500 GRAM', by their amount in one unit (`sortPackagingGroups`). */
export const PackagingGroupList = z
  .array(text())
  .describe(
    "Packaging groups ('1500 GRAM': amount and unit) by their amount in one unit: masses by grams " +
      '(500 GRAM, 1 KILOGRAM, 1500 GRAM), then volumes by millilitres, then pieces.',
  );
/** The stock type choices of the item form, with their labels. */
export const WarehouseStockTypeList = z.array(EnumDescription).describe('FOODS (GIDA) and SUPPLIES (SARF).');
/** The dashboard's count of defined stockable items. */
export const ProductItemCount = z.number().int().describe('How many stockable items are defined.');

export const IdParams = z.object({ id: idOf('Geçerli bir kayıt numarası giriniz.') });
export type IdParams = z.infer<typeof IdParams>;

/** Counts of one ERP sync run. */
export const SyncResult = z
  .object({
    received: z.number().int().describe('Records the ERP sent (a stock code sent twice counts once).'),
    newItems: z.number().int().describe('Unknown stock codes, now waiting for approval as new items.'),
    changedItems: z.number().int().describe('Known items the ERP changed, now waiting for approval.'),
    unchangedItems: z.number().int().describe('Known items the ERP did not change; taken off the queue.'),
  })
  .meta({ id: 'ProductItemSyncResult' });
export type SyncResult = z.infer<typeof SyncResult>;

/** One field the ERP changed on a known item, shown old → new on the approval screen. */
export const PendingChange = z
  .object({
    field: text().describe('The item field, e.g. `packagingUnitTypeAmount`.'),
    label: text().describe('Its Turkish label.'),
    oldValue: z.union([text(), z.number(), z.null()]).describe("The item's value now."),
    newValue: z.union([text(), z.number(), z.null()]).describe('What the ERP sent.'),
  })
  .meta({ id: 'PendingProductItemChange' });
export type PendingChange = z.infer<typeof PendingChange>;

/** A product item waiting for approval; what the ERP did not send is null until the approver fills it. */
export const PendingProductItem = z
  .object({
    id: z.number().int().describe('The pending record id, not an item id.'),
    isNew: z.boolean().describe('No item has this stock code yet.'),
    /** The defined item this record would update (isNew false). */
    productItemId: z
      .number()
      .int()
      .nullable()
      .describe('The defined item this record would update; null when isNew.'),
    /** Whether that item is frozen: the approval form then locks its packaging fields. */
    frozen: z.boolean().describe('That item is frozen: its packaging fields cannot change.'),
    name: text(),
    stockCode: text(),
    barcode: text().nullable(),
    packagingType: PackagingType.nullable(),
    warehouseStockType: WarehouseStockType.nullable(),
    packagingUnitType: PackagingUnitType.nullable(),
    packagingUnitTypeAmount: z.number().nullable(),
    width: z.number().nullable(),
    length: z.number().nullable(),
    height: z.number().nullable(),
    quantityInBox: z.number().int().nullable(),
    notes: text().nullable(),
    changes: z.array(PendingChange).describe('What the ERP changed on the defined item; empty when isNew.'),
    receivedAt: z.iso.datetime({ offset: true }).describe('When the ERP sent it, ISO 8601 in UTC.'),
  })
  .meta({
    id: 'PendingProductItem',
    description: 'An item from the ERP waiting for approval; what the ERP did not send is null.',
  });
/** `GET /pending-product-item`: the queue, by record id. */
export const PendingProductItemList = z.array(PendingProductItem);
/**
 * `GET /pending-product-item/{id}`: the one record, as an array of one (the approval screen reads the
 * first element).
 */
export const PendingProductItemAsList = z
  .array(PendingProductItem)
  .length(1)
  .describe('The one record, as an array of one element.');
export type PendingProductItem = z.infer<typeof PendingProductItem>;

/** Labels of the item fields, for the old → new list and for messages. */
export const PRODUCT_ITEM_FIELD_LABELS = {
  name: 'Ürün adı',
  stockCode: 'Stok kodu',
  barcode: 'Barkod',
  packagingType: FROZEN_FIELDS.packagingType,
  warehouseStockType: 'Depo stok tipi',
  packagingUnitType: FROZEN_FIELDS.packagingUnitType,
  packagingUnitTypeAmount: FROZEN_FIELDS.packagingUnitTypeAmount,
  width: 'Genişlik (cm)',
  length: 'Uzunluk (cm)',
  height: 'Yükseklik (cm)',
  quantityInBox: 'Koli içi adet',
  notes: 'Notlar',
} as const;

/** Defines a pending item; `id` names the pending record, else its stock code finds it. */
export const ApprovePendingProductItemBody = z.object({
  id: idOf('Geçerli bir kayıt numarası giriniz.').optional(),
  ...productItemFields,
});
export type ApprovePendingProductItemBody = z.input<typeof ApprovePendingProductItemBody>;
