import { z } from 'zod';
import { atMostDecimals, idOf, optionalParam, optionalText, text } from './fields.ts';
import { PageFigures, pagingOf } from './paging.ts';

/** The item fields' enumerations with Turkish labels: the server validates with them, the web shows them. */
export const PACKAGING_TYPE_LABELS = {
  QUANTITY: 'Adet',
  BOTTLE: 'Şişe',
  METAL_PACKAGE: 'Teneke',
  NYLON_PACKAGE: 'Naylon Paketli',
  VACUUM_PACKAGE: 'Vakumlu Paket',
  PLASTIC_PACKAGE: 'Plastik Kutu',
  WOODEN_PACKAGE: 'Ahşap Kutu',
  OTHER: 'Diğer',
} as const;
export type PackagingType = keyof typeof PACKAGING_TYPE_LABELS;
export const PackagingType = z.enum(
  Object.keys(PACKAGING_TYPE_LABELS) as [PackagingType, ...PackagingType[]],
);

export const PACKAGING_UNIT_TYPE_LABELS = {
  GRAM: 'Gr',
  KILOGRAM: 'Kg',
  TONS: 'Ton',
  QUANTITY: 'Adet',
  LITERS: 'Lt',
  MILLILITERS: 'Ml',
} as const;
export type PackagingUnitType = keyof typeof PACKAGING_UNIT_TYPE_LABELS;
export const PackagingUnitType = z.enum(
  Object.keys(PACKAGING_UNIT_TYPE_LABELS) as [PackagingUnitType, ...PackagingUnitType[]],
);
/** The 'all' choice of the unit and packaging-group filters. */
export const ALL_LABEL = 'Tümü';
/** What the screens send for 'all' in a filter: empty (item list), 'ALL' (products), 'Tumu' (goods in/out). */
const ALL_TOKENS = ['', 'ALL', 'Tumu', ALL_LABEL];
export function isAllFilter(value: string | undefined): boolean {
  return value === undefined || ALL_TOKENS.includes(value.trim());
}

export const WAREHOUSE_STOCK_TYPE_LABELS = { FOODS: 'GIDA', SUPPLIES: 'SARF' } as const;
export type WarehouseStockType = keyof typeof WAREHOUSE_STOCK_TYPE_LABELS;
export const WarehouseStockType = z.enum(
  Object.keys(WAREHOUSE_STOCK_TYPE_LABELS) as [WarehouseStockType, ...WarehouseStockType[]],
);

/** An enum value with its Turkish label, as responses carry it (e.g. packagingTypeDescription). */
export const EnumDescription = z.object({ name: text(), label: text() });
export type EnumDescription = z.infer<typeof EnumDescription>;

/** Packaging group of an item (docs/domain/stock.md): amount and unit, e.g. '1500 GRAM'. */
export function packagingGroupOf(amount: number, unit: PackagingUnitType): string {
  return `${amount} ${unit}`;
}

/**
 * A packaging group as the screens show it, with the unit's Turkish label and a decimal comma:
 * '1 LITERS' → '1 Lt', '0.5 KILOGRAM' → '0,5 Kg', '1000 QUANTITY' → '1000 Adet'. The group itself
 * stays the filter value the server compares.
 */
export function packagingGroupLabel(group: string): string {
  const [amount = '', unit = '', ...rest] = group.trim().split(/\s+/);
  const label = PACKAGING_UNIT_TYPE_LABELS[unit as PackagingUnitType];
  if (!label || rest.length > 0) return group;
  return `${amount.replace('.', ',')} ${label}`;
}

/** The 'storage form' column: amount, unit and package type in their short Turkish forms. */
export function storageFormOf(item: {
  packagingUnitTypeAmount: number | null;
  packagingUnitType: PackagingUnitType | null;
  packagingType: PackagingType | null;
}): string {
  const unit = item.packagingUnitType ? PACKAGING_UNIT_TYPE_LABELS[item.packagingUnitType] : '';
  // Pieces packed as pieces read '1000 Adet', not '1000 Adet Adet'.
  const type =
    item.packagingType && PACKAGING_TYPE_LABELS[item.packagingType] !== unit
      ? PACKAGING_TYPE_LABELS[item.packagingType]
      : '';
  // Turkish decimal comma: '0,5 Kg'.
  const amount =
    item.packagingUnitTypeAmount === null ? '' : String(item.packagingUnitTypeAmount).replace('.', ',');
  return [amount, unit, type].filter((part) => part !== '').join(' ');
}

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
