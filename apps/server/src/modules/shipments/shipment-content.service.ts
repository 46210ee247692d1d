import { ORDER_ITEM_STATUS_LABELS, type OrderItemStatus } from '@mandira/contract/order-machines';
import type { ShipmentContent, ShipmentContentLine } from '@mandira/contract/shipments';
import { enumDescription } from '@mandira/contract/state-machine';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { type LoadedLotRow, loadedLotsJson } from './loaded-lots.ts';
import { findShipment, type ShipmentReadSettings } from './shipment.repo.ts';

type LineRow = {
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

/**
 * `GET /shipments/{id}/content`: the order items loaded on the shipment, per stock warehouse, with the lots
 * each warehouse gave.
 */
export async function shipmentContent(
  db: Db | Tx,
  id: number,
  settings: ShipmentReadSettings,
): Promise<ShipmentContent> {
  const shipment = await findShipment(db, id, settings);
  const rows = await rowsOf<LineRow>(
    db,
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
  const lines: ShipmentContentLine[] = rows.map((row) => ({
    orderId: row.order_id,
    orderNumber: row.order_number,
    orderItemId: row.order_item_id,
    buyer: { id: row.buyer_id, title: row.buyer_title, code: row.buyer_code },
    productName: row.product_name,
    stockCode: row.stock_code,
    barcode: row.barcode,
    quantityInBox: row.quantity_in_box,
    pieces: row.pieces,
    boxes: row.quantity_in_box > 0 ? Math.floor(row.pieces / row.quantity_in_box) : 0,
    warehouseLoads: row.warehouse_loads,
    itemStatusDetail: enumDescription(ORDER_ITEM_STATUS_LABELS, row.status),
  }));
  return { shipment, lines };
}
