import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { shipmentLoads } from './loads.ts';
import { stockLines } from './stock.ts';

/**
 * The pieces each stock line gave to a load (decision 84): a rejected or returned load gives back exactly
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
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentLoadId, t.stockLineId] }),
    index('shipment_load_lines_stock_line_idx').on(t.stockLineId),
    check('shipment_load_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);
