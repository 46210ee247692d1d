import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { versionColumns } from './record-version.ts';

const PACKAGING_TYPES = [
  'QUANTITY',
  'BOTTLE',
  'METAL_PACKAGE',
  'NYLON_PACKAGE',
  'VACUUM_PACKAGE',
  'PLASTIC_PACKAGE',
  'WOODEN_PACKAGE',
  'OTHER',
] as const;
const UNIT_TYPES = ['GRAM', 'KILOGRAM', 'TONS', 'QUANTITY', 'LITERS', 'MILLILITERS'] as const;
const WAREHOUSE_STOCK_TYPES = ['FOODS', 'SUPPLIES'] as const;

const amount = (name: string) => numeric(name, { precision: 12, scale: 3, mode: 'number' });
const size = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

export const productItems = pgTable(
  'product_items',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    stockCode: text('stock_code').notNull(),
    barcode: text('barcode').notNull(),
    packagingType: text('packaging_type', { enum: PACKAGING_TYPES }).notNull(),
    warehouseStockType: text('warehouse_stock_type', { enum: WAREHOUSE_STOCK_TYPES }).notNull(),
    packagingUnitType: text('packaging_unit_type', { enum: UNIT_TYPES }).notNull(),
    packagingUnitTypeAmount: amount('packaging_unit_type_amount').notNull(),
    // '1500 GRAM' (docs/domain/stock.md); kept by the database so filters and the group list use an index.
    packagingGroup: text('packaging_group').generatedAlwaysAs(
      sql`trim_scale(packaging_unit_type_amount)::text || ' ' || packaging_unit_type`,
    ),
    width: size('width').notNull(),
    length: size('length').notNull(),
    height: size('height').notNull(),
    quantityInBox: integer('quantity_in_box').notNull().default(0),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...versionColumns(),
  },
  (t) => [
    uniqueIndex('product_items_stock_code_key').on(t.stockCode),
    uniqueIndex('product_items_barcode_key').on(t.barcode),
    index('product_items_packaging_group_idx').on(t.packagingGroup),
  ],
);

/** Items from the ERP waiting for approval, one per stock code; what the ERP left out is null. */
export const pendingProductItems = pgTable(
  'pending_product_items',
  {
    id: serial('id').primaryKey(),
    stockCode: text('stock_code').notNull(),
    name: text('name').notNull(),
    barcode: text('barcode'),
    packagingType: text('packaging_type', { enum: PACKAGING_TYPES }),
    warehouseStockType: text('warehouse_stock_type', { enum: WAREHOUSE_STOCK_TYPES }),
    packagingUnitType: text('packaging_unit_type', { enum: UNIT_TYPES }),
    packagingUnitTypeAmount: amount('packaging_unit_type_amount'),
    width: size('width'),
    length: size('length'),
    height: size('height'),
    quantityInBox: integer('quantity_in_box'),
    notes: text('notes'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('pending_product_items_stock_code_key').on(t.stockCode)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    stockCode: text('stock_code'),
    barcode: text('barcode'),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    discount: numeric('discount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    onlineListingAvailable: boolean('online_listing_available').notNull().default(true),
    truckShippingAvailable: boolean('truck_shipping_available').notNull().default(true),
    quantityInsideBox: integer('quantity_inside_box').notNull().default(0),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ...versionColumns(),
  },
  (t) => [
    uniqueIndex('products_stock_code_key').on(t.stockCode),
    uniqueIndex('products_barcode_key').on(t.barcode),
    check(
      'products_amounts_check',
      sql`${t.price} >= 0 and ${t.discount} >= 0 and ${t.quantityInsideBox} >= 0`,
    ),
  ],
);

/** The items a sellable product is made of; an item in a bundle is frozen (docs/domain/stock.md). */
export const productBundles = pgTable(
  'product_bundles',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    productItemId: integer('product_item_id')
      .notNull()
      .references(() => productItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('product_bundles_product_item_key').on(t.productId, t.productItemId),
    index('product_bundles_item_idx').on(t.productItemId),
    check('product_bundles_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/** How many items the catalogue holds, kept by the items' triggers (migration 0029, decision 164). */
export const productItemCount = pgTable('product_item_count', {
  one: boolean('one').primaryKey().default(true),
  items: integer('items').notNull(),
});
