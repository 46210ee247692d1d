import type { OrderItemStatus } from '@mandira/contract/order-machines';
import type { ShipmentStatus } from '@mandira/contract/shipment-machine';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';

/** A load of a lot as its trace reads it: the shipment, order, item, buyer and delivery point it went to. */
export type LoadRow = {
  load_id: number;
  loaded_at: string | Date;
  pieces: number;
  warehouse_name: string;
  warehouse_label: string;
  shipment_id: number;
  shipment_code: string;
  shipment_status: ShipmentStatus;
  shipment_created_at: string | Date;
  order_id: number;
  order_number: number;
  planned_shipment_date: string | null;
  order_item_id: number;
  product_name: string;
  item_status: OrderItemStatus;
  buyer_id: number;
  buyer_code: string;
  buyer_title: string;
  buyer_phone: string;
  point_id: number | null;
  point_code: string | null;
  point_title: string | null;
};

/** Every load of the lot, newest first: the pieces of the lot each load took (shipment_load_lines.lot_id). */
export async function loadsOfLot(db: Db | Tx, lotId: number): Promise<LoadRow[]> {
  return rowsOf<LoadRow>(
    db,
    sql`select sl.id as load_id, sl.created_at as loaded_at, sum(ll.quantity)::float8 as pieces,
               w.name as warehouse_name, w.short_name as warehouse_label,
               s.id as shipment_id, s.code as shipment_code, s.status as shipment_status,
               s.created_at as shipment_created_at,
               o.id as order_id, o.order_number, o.planned_shipment_date::text as planned_shipment_date,
               oi.id as order_item_id, oi.product_name, oi.status as item_status,
               b.id as buyer_id, b.code as buyer_code, b.title as buyer_title, b.phone1 as buyer_phone,
               bw.id as point_id, bw.code as point_code, bw.title as point_title
          from shipment_load_lines ll
          join shipment_loads sl on sl.id = ll.shipment_load_id
          join warehouses w on w.id = sl.warehouse_id
          join shipments s on s.id = sl.shipment_id
          join order_items oi on oi.id = sl.order_item_id
          join orders o on o.id = oi.order_id
          join buyers b on b.id = o.buyer_id
          left join buyer_warehouses bw on bw.id = o.buyer_branch_id
         where ll.lot_id = ${lotId}
         group by sl.id, w.id, s.id, o.id, oi.id, b.id, bw.id
         order by sl.created_at desc, sl.id desc`,
  );
}

/**
 * The lot's movements that the totals read from its history (stock_history_lot_idx): what came in as
 * production, purchase or consignment; what came back as a return; what was disposed of.
 */
export async function lotHistoryTotals(db: Db | Tx, lotId: number) {
  const [row] = await rowsOf<{ produced: number; returned: number; disposed: number }>(
    db,
    sql`select coalesce(sum(quantity_change) filter (where action in ('PRODUCTION_INBOUND', 'PURCHASE_INBOUND',
                                                                  'CONSIGNMENT_INBOUND')), 0)::float8 as produced,
               coalesce(sum(quantity_change) filter (where action = 'RETURN_INBOUND'), 0)::float8 as returned,
               coalesce(-sum(quantity_change) filter (where action = 'DISPOSAL_OUTBOUND'), 0)::float8 as disposed
          from stock_history where lot_id = ${lotId}`,
  );
  return row!;
}
