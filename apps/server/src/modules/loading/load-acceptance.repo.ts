import type { ShipmentStatus } from '@mandira/contract/shipment-machine';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';

export type ItemShipment = { id: number; code: string; status: ShipmentStatus };

/**
 * The shipments the item has loads on, locked for key share in id order (before the order, decisions
 * 85 and 114).
 */
export async function lockShipmentsOfItem(tx: Tx, orderItemId: number): Promise<ItemShipment[]> {
  return rowsOf<ItemShipment>(
    tx,
    sql`select s.id, s.code, s.status from shipments s
         where s.id in (select shipment_id from shipment_loads where order_item_id = ${orderItemId})
         order by s.id for key share`,
  );
}

/** The order of the item; undefined when there is no such item. */
export async function findOrderOfItem(tx: Tx, itemId: number): Promise<{ order_id: number } | undefined> {
  const [row] = await rowsOf<{ order_id: number }>(
    tx,
    sql`select order_id from order_items where id = ${itemId}`,
  );
  return row;
}
