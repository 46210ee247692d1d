import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { productItems } from './products.ts';
import { versionColumns, versionedAt } from './record-version.ts';

const WAREHOUSE_TYPES = [
  'COLD_STORAGE',
  'COLD_STORAGE_MINUS_18',
  'SOLID_STORAGE',
  'LIQUID_STORAGE',
  'MATERIAL_STORAGE',
] as const;

/** Own warehouses; each is a stock location named DEPO{id} (docs/domain/stock.md). DEPO1…DEPO4 are seeded. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull(),
    description: text('description').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    capacityInM3: numeric('capacity_in_m3', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    warehouseType: text('warehouse_type', { enum: WAREHOUSE_TYPES }).notNull().default('COLD_STORAGE'),
    surfaceAreaInSquareMeters: numeric('surface_area_in_square_meters', {
      precision: 14,
      scale: 2,
      mode: 'number',
    })
      .notNull()
      .default(1),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    ...versionColumns(),
    updatedAt: versionedAt(),
  },
  (t) => [
    uniqueIndex('warehouses_name_key').on(t.name),
    check('warehouses_sizes_check', sql`${t.capacityInM3} >= 0 and ${t.surfaceAreaInSquareMeters} >= 1`),
  ],
);

/** Pieces of one item in one warehouse; every item has a line in every warehouse. */
export const stockLines = pgTable(
  'stock_lines',
  {
    id: serial('id').primaryKey(),
    productItemId: integer('product_item_id')
      .notNull()
      .references(() => productItems.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    uniqueIndex('stock_lines_item_warehouse_key').on(t.productItemId, t.warehouseId),
    index('stock_lines_warehouse_idx').on(t.warehouseId),
    check('stock_lines_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/**
 * One item's batch, named by the code printed on its package (docs/domain/stock.md, decision 151). The
 * same code of the same item in two warehouses is one lot. The undated lot ('SKT yok') has the code ''
 * and no expiry date: stock from before lots, and goods received without one; FEFO takes it last.
 */
export const lots = pgTable(
  'lots',
  {
    id: serial('id').primaryKey(),
    productItemId: integer('product_item_id')
      .notNull()
      .references(() => productItems.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    expiryDate: date('expiry_date', { mode: 'string' }),
    productionDate: date('production_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('lots_item_code_key').on(t.productItemId, t.code),
    index('lots_expiry_idx').on(t.expiryDate, t.id),
    check('lots_undated_check', sql`(${t.code} = '') = (${t.expiryDate} is null)`),
    check(
      'lots_dates_check',
      sql`${t.productionDate} is null or ${t.expiryDate} is null or ${t.productionDate} <= ${t.expiryDate}`,
    ),
  ],
);

/** Pieces of one lot on one stock line: a line's quantity is the sum of its lots', kept by the movement. */
export const lotStocks = pgTable(
  'lot_stocks',
  {
    stockLineId: integer('stock_line_id')
      .notNull()
      .references(() => stockLines.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    productItemId: integer('product_item_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    /** The lot's expiry date (it never changes), so a line's lots are read in FEFO order from an index. */
    expiryDate: date('expiry_date', { mode: 'string' }),
    /** The lot's code and production date, so a line's first lots are read from one index (migration 0032). */
    lotCode: text('lot_code').notNull(),
    productionDate: date('production_date', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ name: 'lot_stocks_pkey', columns: [t.stockLineId, t.lotId] }),
    index('lot_stocks_lot_idx').on(t.lotId),
    // Both carry INCLUDE columns (migrations 0031, 0032), which drizzle cannot declare: the item index
    // `quantity`, the line index `quantity`, `lot_code` and `production_date`.
    index('lot_stocks_item_idx').on(t.productItemId, t.expiryDate).where(sql`${t.quantity} > 0`),
    index('lot_stocks_line_fefo_idx').on(t.stockLineId, t.expiryDate, t.lotId).where(sql`${t.quantity} > 0`),
    check('lot_stocks_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/** One row per changed line of every movement; the sum of a line's changes is its quantity. */
export const stockHistory = pgTable(
  'stock_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stockLineId: integer('stock_line_id')
      .notNull()
      .references(() => stockLines.id, { onDelete: 'cascade' }),
    productItemId: integer('product_item_id').notNull(),
    warehouseId: integer('warehouse_id').notNull(),
    action: text('action').notNull(),
    quantityChange: integer('quantity_change').notNull(),
    quantityAfterChange: integer('quantity_after_change').notNull(),
    orderId: integer('order_id'),
    /** The lot the pieces moved in or out of (decision 151). */
    lotId: integer('lot_id').references(() => lots.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The history screen reads a range of days, optionally of one item or one warehouse, newest first.
    index('stock_history_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('stock_history_item_created_at_idx').on(t.productItemId, t.createdAt.desc()),
    index('stock_history_warehouse_created_at_idx').on(t.warehouseId, t.createdAt.desc()),
    index('stock_history_line_idx').on(t.stockLineId),
    index('stock_history_lot_idx').on(t.lotId, t.createdAt.desc()),
  ],
);

/**
 * Istanbul days whose history rows are counted in `stockHistoryDayCounts`: filled when a history page
 * first asks about a settled day, dropped by a trigger whenever a history row of that day is written,
 * changed or removed (decision 37).
 */
export const stockHistoryDays = pgTable('stock_history_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** History rows of a counted day, per warehouse and movement type: a page's total without a count. */
export const stockHistoryDayCounts = pgTable(
  'stock_history_day_counts',
  {
    day: date('day', { mode: 'string' })
      .notNull()
      .references(() => stockHistoryDays.day, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id').notNull(),
    action: text('action').notNull(),
    rows: integer('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.warehouseId, t.action] })],
);

/**
 * Hours whose history rows are counted in `stockHistoryHourCounts`: today's once they ended an hour ago,
 * and every hour of a day counted in `stockHistoryDays`; dropped by the same triggers (decision 198).
 */
export const stockHistoryHours = pgTable('stock_history_hours', {
  hour: timestamp('hour', { withTimezone: true, mode: 'string' }).primaryKey(),
  countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * History rows of a counted hour, per warehouse (not per movement type: an hour holds a few of each):
 * today's part of a page's total, and the hour a deep page starts in.
 */
export const stockHistoryHourCounts = pgTable(
  'stock_history_hour_counts',
  {
    hour: timestamp('hour', { withTimezone: true, mode: 'string' })
      .notNull()
      .references(() => stockHistoryHours.hour, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id').notNull(),
    rows: integer('rows').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.warehouseId] })],
);
