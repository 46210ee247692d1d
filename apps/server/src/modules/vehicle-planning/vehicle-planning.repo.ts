import {
  FINISHED_ITEM_STATUSES,
  type OrderItemStatus,
  type OrderStatus,
} from '@mandira/contract/order-machines';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { statusList } from '../../db/status-sql.ts';

/** Items no vehicle will carry any more. */
const CLOSED_ITEM_LIST = statusList(FINISHED_ITEM_STATUSES);

/** The order's status, its row locked until the transaction ends; undefined for an unknown order. */
export async function lockOrderStatus(tx: Tx, orderId: number) {
  const [order] = await rowsOf<{ status: OrderStatus }>(
    tx,
    sql`select status from orders where id = ${orderId} for update`,
  );
  return order;
}

/** The item's status, its row locked, when it is an item of the order. */
export async function lockItemStatus(tx: Tx, orderId: number, itemId: number) {
  const [item] = await rowsOf<{ status: OrderItemStatus }>(
    tx,
    sql`select status from order_items where id = ${itemId} and order_id = ${orderId} for update`,
  );
  return item;
}

/** The vehicle's plate and status; undefined for an unknown vehicle. */
export async function vehiclePlateAndStatus(tx: Tx, vehicleId: number) {
  const [vehicle] = await rowsOf<{ plate: string; status: string }>(
    tx,
    sql`select licence_plate_code as plate, status from vehicles where id = ${vehicleId}`,
  );
  return vehicle;
}

/** The order's planned vehicle, and that of each of its items still open. */
export async function planVehicleOfOrderAndOpenItems(tx: Tx, orderId: number, vehicleId: number) {
  await tx.execute(sql`
    update orders set planned_vehicle_id = ${vehicleId}, updated_at = now() where id = ${orderId}`);
  await tx.execute(sql`
    update order_items set planned_vehicle_id = ${vehicleId}, updated_at = now()
     where order_id = ${orderId} and status not in (${CLOSED_ITEM_LIST})`);
}

export async function planVehicleOfItem(tx: Tx, itemId: number, vehicleId: number): Promise<void> {
  await tx.execute(sql`
    update order_items set planned_vehicle_id = ${vehicleId}, updated_at = now() where id = ${itemId}`);
}

export async function setEstimatedPaletteCount(tx: Tx, orderId: number, count: number): Promise<void> {
  await tx.execute(sql`
    update orders set estimated_palette_count = ${count}, updated_at = now() where id = ${orderId}`);
}
