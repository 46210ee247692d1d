import { ORDER_ITEM_STATUS_LABELS } from '@mandira/contract/order-machines';
import type { ShipmentContent, ShipmentContentLine } from '@mandira/contract/shipments';
import { enumDescription } from '@mandira/contract/state-machine';
import type { Db, Tx } from '../../db/client.ts';
import { findShipment, type ShipmentReadSettings } from './shipment.repo.ts';
import { shipmentContentRows } from './shipment-content.repo.ts';

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
  const rows = await shipmentContentRows(db, id);
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
