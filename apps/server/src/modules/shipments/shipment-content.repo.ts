import type { OrderItemStatus } from '@mandira/contract/order-machines';
import { sql } from 'drizzle-orm';
import { type Db, preparedRowsOf, type Tx } from '../../db/client.ts';
import { type LoadedLotRow, loadedLotsJson } from './loaded-lots.ts';

export type LineRow = {
  order_item_id: number;
  order_id: number;
  order_number: number;
  buyer_id: number;
  buyer_title: string;
  buyer_code: string;
  product_name: string;
  stock_code: string | null;
  barcode: string | null;
  quantity_in_box: number;
  status: OrderItemStatus;
  pieces: number;
  warehouse_loads: {
    warehouseId: number;
    warehouse: string;
    warehouseLabel: string;
    quantity: number;
    lots: LoadedLotRow[];
  }[];
};

/** The order items loaded on the shipment, per stock warehouse, with the lots each warehouse gave. */
export async function shipmentContentRows(db: Db | Tx, id: number): Promise<LineRow[]> {
  return preparedRowsOf<LineRow>(
    db,
    'shipment_content',
    sql`select oi.id as order_item_id, o.id as order_id, o.order_number, b.id as buyer_id,
               b.title as buyer_title, b.code as buyer_code, oi.product_name, oi.stock_code, oi.barcode,
               oi.quantity_in_box, oi.status, sum(per.pieces)::int as pieces,
               json_agg(json_build_object('warehouseId', w.id, 'warehouse', w.name, 'warehouseLabel', w.short_name,
                                         'quantity', per.pieces, 'lots', per.lots)
                        order by w.name) as warehouse_loads
          from (select l.order_item_id, l.warehouse_id, sum(l.pieces)::int as pieces,
                       ${loadedLotsJson(id, sql`l.order_item_id`, sql`l.warehouse_id`)} as lots
                  from shipment_loads l where l.shipment_id = ${id}
                 group by l.order_item_id, l.warehouse_id) per
          join order_items oi on oi.id = per.order_item_id
          join orders o on o.id = oi.order_id
          join buyers b on b.id = o.buyer_id
          join warehouses w on w.id = per.warehouse_id
         group by oi.id, o.id, b.id
         order by o.order_number, oi.id`,
  );
}
