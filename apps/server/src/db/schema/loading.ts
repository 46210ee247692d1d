import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { shipmentLoads } from './loads.ts';
import { lots, stockLines } from './stock.ts';

/**
 * The pieces each stock line and lot gave to a load (decisions 84 and 151): a rejected or returned load gives back exactly
 * these, and the weighbridge weighs them, whatever the product's bundle is later.
 */
export const shipmentLoadLines = pgTable(
  'shipment_load_lines',
  {
    shipmentLoadId: integer('shipment_load_id')
      .notNull()
      .references(() => shipmentLoads.id, { onDelete: 'cascade' }),
    stockLineId: integer('stock_line_id')
      .notNull()
      .references(() => stockLines.id, { onDelete: 'restrict' }),
    /** The lot the pieces left; the undated lot for loads made before lots (decision 151). */
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ name: 'shipment_load_lines_pkey', columns: [t.shipmentLoadId, t.stockLineId, t.lotId] }),
    index('shipment_load_lines_lot_idx').on(t.lotId),
    index('shipment_load_lines_stock_line_idx').on(t.stockLineId),
    check('shipment_load_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);
