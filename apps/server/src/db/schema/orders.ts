import {
  CANCELED_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  type OrderItemStatus,
  type OrderStatus,
  ORDER_ITEM_STATUSES as orderItemStatuses,
  ORDER_STATUSES as orderStatuses,
  RESERVING_ITEM_STATUSES,
  WAREHOUSE_ORDER_STATUSES,
} from '@mandira/contract/order-machines';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { statusIn, statusNotIn } from '../status-sql.ts';
import { buyers, buyerWarehouses } from './buyers.ts';
import { vehicles } from './fleet.ts';
import { productItems, products } from './products.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

// The status columns take the contract's lists, in its order (the check constraints list them so).
const ORDER_STATUSES = orderStatuses as [OrderStatus, ...OrderStatus[]];
const ORDER_ITEM_STATUSES = orderItemStatuses as [OrderItemStatus, ...OrderItemStatus[]];
const COLORS = ['red', 'yellow', 'blue', 'purple', 'gray'] as const;

/** One basket per buyer (docs/domain/orders.md). */
export const baskets = pgTable(
  'baskets',
  {
    id: serial('id').primaryKey(),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('baskets_buyer_key').on(t.buyerId)],
);

/** A product in a basket, by the box; `quantity` is its pieces (boxes × pieces per box when added). */
export const basketLines = pgTable(
  'basket_lines',
  {
    id: serial('id').primaryKey(),
    basketId: integer('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    boxQuantity: integer('box_quantity').notNull(),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('basket_lines_basket_product_key').on(t.basketId, t.productId),
    // Reservations are summed per product.
    index('basket_lines_product_idx').on(t.productId),
    check('basket_lines_quantity_check', sql`${t.boxQuantity} >= 1 and ${t.quantity} >= 1`),
  ],
);

/**
 * The reserved demand of a product (docs/domain/products-and-reservations.md), kept rather than summed on
 * every read (decision 65): its pieces in basket lines, and in open order items (quantity − loaded). Changed
 * only through `changeReservation` (orders/reservations.ts), in the transaction of the write that changes the
 * sums, under its locks. Per product, not per item: a bundle edit changes what a product reserves of each
 * item, not its pieces.
 */
export const productReservations = pgTable(
  'product_reservations',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    basketPieces: integer('basket_pieces').notNull().default(0),
    orderPieces: integer('order_pieces').notNull().default(0),
  },
  (t) => [
    // A write that forgot to add before releasing fails here instead of drifting.
    check('product_reservations_pieces_check', sql`${t.basketPieces} >= 0 and ${t.orderPieces} >= 0`),
  ],
);

/**
 * A product's bundle as order items were placed with it (decision 99): one row per product and distinct
 * contents (`lines_key`, '3x2,5x1': item id × quantity in item id order), shared by every item placed
 * with those contents, so a later bundle edit leaves them as they were. `order_pieces` is the part of
 * the product's `order_pieces` (product_reservations) that these contents reserve; kept by
 * `changeReservation` like the product's counter, and the figures multiply it by these lines.
 */
export const bundleSnapshots = pgTable(
  'bundle_snapshots',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    linesKey: text('lines_key').notNull(),
    orderPieces: integer('order_pieces').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bundle_snapshots_product_lines_key').on(t.productId, t.linesKey),
    // The figures read only the contents that reserve something.
    index('bundle_snapshots_reserving_idx').on(t.id).where(sql`order_pieces > 0`),
    check('bundle_snapshots_pieces_check', sql`${t.orderPieces} >= 0`),
  ],
);

/** The lines of a bundle snapshot; an item in one keeps its packaging and cannot be deleted. */
export const bundleSnapshotLines = pgTable(
  'bundle_snapshot_lines',
  {
    id: serial('id').primaryKey(),
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => bundleSnapshots.id, { onDelete: 'cascade' }),
    productItemId: integer('product_item_id')
      .notNull()
      .references(() => productItems.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('bundle_snapshot_lines_snapshot_item_key').on(t.snapshotId, t.productItemId),
    index('bundle_snapshot_lines_item_idx').on(t.productItemId),
    check('bundle_snapshot_lines_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNumber: integer('order_number').notNull().default(sql`nextval('order_number_seq')`),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'restrict' }),
    buyerBranchId: integer('buyer_branch_id').references(() => buyerWarehouses.id, { onDelete: 'restrict' }),
    buyerRequestReferenceCode: text('buyer_request_reference_code').notNull().default(''),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('WAITING_FOR_REVIEW'),
    colorGroup: text('color_group', { enum: COLORS }),
    plannedShipmentDate: date('planned_shipment_date', { mode: 'string' }),
    /** Σ pieces × net unit price at placing; never changes (docs/domain/money.md). */
    totalPrice: money('total_price').notNull().default(0),
    /** The same over what is dealt; kept by the service in the transaction that changes an item. */
    dealtTotalPrice: money('dealt_total_price').notNull().default(0),
    /**
     * Σ payments and refunds on the order, kept by a trigger on `accounting_transactions` (migration
     * 0019, docs/decisions/0128-my-work-on-ana-sayfa.md); the open balance is dealt total − this.
     */
    settledAmount: money('settled_amount').notNull().default(0),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Vehicle planning (docs/domain/orders.md): the vehicle meant to carry the order, and its palettes. */
    plannedVehicleId: integer('planned_vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    estimatedPaletteCount: integer('estimated_palette_count'),
    /**
     * The order's items in the warehouse flow and on a truck, kept by a trigger on `order_items`
     * (migration 0027, docs/decisions/0160-order-lists-read-their-page.md): the screens' partial indexes.
     */
    warehouseItems: integer('warehouse_items').notNull().default(0),
    shippingItems: integer('shipping_items').notNull().default(0),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    // The order search: by status and period, by buyer, or every order, newest first.
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt.desc()),
    // A buyer's order adjustments on the statement are dated by the order's last change (decision 119);
    // with the status and the dealt total in the key, the buyer's balance is summed from the index alone
    // (decision 123).
    index('orders_buyer_updated_idx').on(t.buyerId, t.updatedAt, t.status, t.dealtTotalPrice),
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('orders_totals_check', sql`${t.totalPrice} >= 0 and ${t.dealtTotalPrice} >= 0`),
    check(
      'orders_palette_count_check',
      sql`${t.estimatedPaletteCount} is null or ${t.estimatedPaletteCount} >= 0`,
    ),
    index('orders_planned_vehicle_idx').on(t.plannedVehicleId),
    // Ana Sayfa's overdue count: orders still owing, by the day they were to ship (decision 128).
    index('orders_open_balance_idx')
      .on(t.plannedShipmentDate)
      .where(sql`${statusNotIn('status', CANCELED_ORDER_STATUSES)} and dealt_total_price > settled_amount`),
    // Each screen's orders newest first (decision 160): a page of ids walks one of these.
    index('orders_review_view_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(statusIn('status', OPEN_ORDER_STATUSES)),
    index('orders_warehouse_view_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${statusIn('status', WAREHOUSE_ORDER_STATUSES)} and warehouse_items > 0`),
    index('orders_shipping_view_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${statusIn('status', WAREHOUSE_ORDER_STATUSES)} and shipping_items > 0`),
    check('orders_status_check', statusIn('status', ORDER_STATUSES)),
  ],
);

/**
 * Each screen's number of orders (REVIEW, WAREHOUSE, SHIPPING) and each status's (`STATUS:IN_REVIEW`),
 * kept at commit by a trigger on `orders` (decision 160).
 */
export const orderViewCounts = pgTable('order_view_counts', {
  view: text('view').primaryKey(),
  count: integer('count').notNull(),
});

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    // A snapshot of the product as it was ordered.
    productName: text('product_name').notNull(),
    stockCode: text('stock_code'),
    barcode: text('barcode'),
    quantityInBox: integer('quantity_in_box').notNull(),
    /** The bundle it was ordered with (decision 99); not null from the migration's backfill on. */
    bundleSnapshotId: integer('bundle_snapshot_id').references(() => bundleSnapshots.id, {
      onDelete: 'restrict',
    }),
    unitPrice: money('unit_price').notNull(),
    discount: money('discount').notNull(),
    /** Pieces at placing. */
    orderedQuantity: integer('ordered_quantity').notNull(),
    /** Pieces ordered now: the approved pieces after a partial approval. */
    quantity: integer('quantity').notNull(),
    loadedQuantity: integer('loaded_quantity').notNull().default(0),
    status: text('status', { enum: ORDER_ITEM_STATUSES }).notNull().default('WAITING_FOR_APPROVAL'),
    plannedVehicleId: integer('planned_vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // Ana Sayfa counts the items of one status (waiting for the warehouse) without reading the table.
    index('order_items_status_idx').on(t.status, t.orderId),
    // Reservations sum the open items of a product; closed ones are most of the table.
    // The pieces are in the index, so the sums read it alone.
    index('order_items_open_product_idx')
      .on(t.productId, t.quantity, t.loadedQuantity)
      .where(statusIn('status', RESERVING_ITEM_STATUSES)),
    check(
      'order_items_quantities_check',
      sql`${t.orderedQuantity} >= 1 and ${t.quantity} >= 0 and ${t.quantity} <= ${t.orderedQuantity}
        and ${t.loadedQuantity} >= 0 and ${t.loadedQuantity} <= ${t.quantity}
        and ${t.unitPrice} >= 0 and ${t.discount} >= 0`,
    ),
    check('order_items_status_check', statusIn('status', ORDER_ITEM_STATUSES)),
  ],
);
