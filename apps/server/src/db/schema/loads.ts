import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
import { users } from './access.ts';
import { shipments } from './fleet.ts';
import { orderItems } from './orders.ts';
import { warehouses } from './stock.ts';

/**
 * The loads: what ties an order item to a shipment (docs/domain/loading-and-shipments.md). In a file of
 * its own because it stands on both the orders and the shipments tables, which stand on each other the
 * other way round only through the planned vehicle of an order.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Pieces of an order item loaded from a stock warehouse onto a shipment (the load records). */
export const shipmentLoads = pgTable(
  'shipment_loads',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'restrict' }),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'restrict' }),
    /** The stock warehouse the pieces left. */
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    pieces: integer('pieces').notNull(),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('shipment_loads_shipment_idx').on(t.shipmentId),
    index('shipment_loads_order_item_idx').on(t.orderItemId),
    check('shipment_loads_pieces_check', sql`${t.pieces} > 0`),
  ],
);
