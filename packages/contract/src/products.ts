import { z } from 'zod';
import { atMostDecimals, idOf, optionalParam, optionalText, text } from './fields.ts';
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
  storageFormOf,
  WAREHOUSE_STOCK_TYPE_LABELS,
  WarehouseStockType,
} from './packaging.ts';

const requiredText = (max: number) => text().trim().min(1).max(max);
/** A positive size kept to `decimals` places in the database. */
const measure = (max: number, decimals: number) =>
  z
    .number()
    .positive()
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
});
export type UpdateProductItemBody = z.input<typeof UpdateProductItemBody>;

/** The fields a frozen item keeps (docs/domain/stock.md), with the names the refusal message uses. */
export const FROZEN_FIELDS = {
  packagingType: 'Ambalaj tipi',
  packagingUnitType: 'Birim tipi',
  packagingUnitTypeAmount: 'Birim miktarı',
} as const;

/** A warehouse's stock of one item; the stock area fills these, the shape is final. */
export const StockLine = z.object({
  id: z.number().int(),
  warehouseId: z.number().int(),
  quantity: z.number().int(),
  boxQuantity: z.number().int(),
  wareHouse: EnumDescription,
  packagingUnitTypeAmount: z.number(),
  packagingUnitType: PackagingUnitType,
  packagingType: PackagingType,
});
export type StockLine = z.infer<typeof StockLine>;

export const ProductItem = z.object({
  id: z.number().int(),
  name: text(),
  stockCode: text(),
  barcode: text(),
  packagingType: PackagingType,
  warehouseStockType: WarehouseStockType,
  packagingUnitType: PackagingUnitType,
  packagingUnitTypeAmount: z.number(),
  packagingGroup: text(),
  width: z.number(),
  length: z.number(),
  height: z.number(),
  quantityInBox: z.number().int(),
  notes: text(),
  /** Locks packagingType, packagingUnitType and packagingUnitTypeAmount (docs/domain/stock.md). */
  frozen: z.boolean(),
  totalStockQuantity: z.number().int(),
  boxQuantity: z.number().int(),
  stocks: z.array(StockLine),
});
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

export const ProductItemPage = z.object({ items: z.array(ProductItem), ...PageFigures });
export type ProductItemPage = z.infer<typeof ProductItemPage>;

export const IdParams = z.object({ id: idOf('Geçerli bir kayıt numarası giriniz.') });
export type IdParams = z.infer<typeof IdParams>;

/** Counts of one ERP sync run. */
export const SyncResult = z.object({
  received: z.number().int(),
  newItems: z.number().int(),
  changedItems: z.number().int(),
  unchangedItems: z.number().int(),
});
export type SyncResult = z.infer<typeof SyncResult>;

/** One field the ERP changed on a known item, shown old → new on the approval screen. */
export const PendingChange = z.object({
  field: text(),
  label: text(),
  oldValue: z.union([text(), z.number(), z.null()]),
  newValue: z.union([text(), z.number(), z.null()]),
});
export type PendingChange = z.infer<typeof PendingChange>;

/** A product item waiting for approval; what the ERP did not send is null until the approver fills it. */
export const PendingProductItem = z.object({
  id: z.number().int(),
  isNew: z.boolean(),
  /** The defined item this record would update (isNew false). */
  productItemId: z.number().int().nullable(),
  /** Whether that item is frozen: the approval form then locks its packaging fields. */
  frozen: z.boolean(),
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
  changes: z.array(PendingChange),
  receivedAt: text(),
});
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
