import { CLOSED_SHIPMENT_STATUSES } from '@mandira/contract/shipment-machine';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { statusNotIn } from '../../db/status-sql.ts';
import type { Actor } from '../../http/auth.ts';
import { keepShipmentFigures } from '../load-figures/shipment-figures.ts';
import {
  type ItemRow,
  type ItemStep,
  lockItems,
  lockOrder,
  type OrderRow,
  stepOrderItems,
} from '../orders/item-steps.ts';
import { refuseWrongDestination } from './load-destination.ts';
import { reverseLoads } from './load-records.ts';

/**
 * What a shipment's delivery, return and transfer do to the order items it carries
 * (docs/domain/loading-and-shipments.md, "The shipment machine" and "Delivery"), run inside the shipment
 * action's transaction after the shipment row is locked. Orders are then locked in id order and their items
 * by id, as every order write does.
 */

type Shipment = { id: number; code: string };

/** The shipment's code, for the notes of its stock movements. */
export async function shipmentNamed(tx: Tx, shipmentId: number): Promise<Shipment> {
  const [row] = await rowsOf<Shipment>(tx, sql`select id, code from shipments where id = ${shipmentId}`);
  return row!;
}

/** The orders and items with loads on the shipment, locked. */
async function lockCarried(tx: Tx, shipmentId: number): Promise<{ order: OrderRow; items: ItemRow[] }[]> {
  const rows = await rowsOf<{ order_id: number; item_id: number }>(
    tx,
    sql`select distinct oi.order_id, oi.id as item_id
          from shipment_loads sl join order_items oi on oi.id = sl.order_item_id
         where sl.shipment_id = ${shipmentId}
         order by oi.order_id, oi.id`,
  );
  const carried: { order: OrderRow; items: ItemRow[] }[] = [];
  for (const orderId of [...new Set(rows.map((row) => row.order_id))]) {
    const order = await lockOrder(tx, orderId);
    const ids = new Set(rows.filter((row) => row.order_id === orderId).map((row) => row.item_id));
    const items = (await lockItems(tx, orderId)).filter((item) => ids.has(item.id));
    carried.push({ order, items });
  }
  return carried;
}

/**
 * COMPLETE_DELIVERY: the shipment's accepted items are DELIVERED_TO_BUYER once every shipment carrying
 * them is delivered (this one counts as delivered). Items loaded on another shipment still on its way
 * wait for that one's delivery.
 */
export async function deliverCarriedItems(tx: Tx, actor: Actor, shipmentId: number): Promise<void> {
  for (const { order, items } of await lockCarried(tx, shipmentId)) {
    const steps: ItemStep[] = [];
    for (const item of items) {
      if (item.status !== 'LOAD_STATUS_ACCEPTED') continue;
      const [elsewhere] = await rowsOf<{ open: number }>(
        tx,
        sql`select count(*)::int as open from shipment_loads sl join shipments s on s.id = sl.shipment_id
             where sl.order_item_id = ${item.id} and s.id <> ${shipmentId} and ${statusNotIn('s.status', CLOSED_SHIPMENT_STATUSES)}`,
      );
      if (elsewhere!.open > 0) continue;
      steps.push({ item, action: 'DELIVER' });
    }
    await stepOrderItems(tx, actor, order, steps);
  }
}

/**
 * DO_PARKING of a shipment back from a failed delivery: its loads are reversed as a rejected load
 * (the pieces go back to the lines they left, RETURN_INBOUND with the order id), and its items are
 * LOADING again with their approved pieces.
 */
export async function returnCarriedItems(tx: Tx, actor: Actor, shipmentId: number): Promise<void> {
  const shipment = await shipmentNamed(tx, shipmentId);
  for (const { order, items } of await lockCarried(tx, shipment.id)) {
    await reverseLoads(
      tx,
      actor,
      { orderItemIds: items.map((item) => item.id), shipmentId: shipment.id },
      `Teslim edilemedi, depoya geri döndü: sevkiyat ${shipment.code}`,
    );
    const back = await lockItems(tx, order.id);
    // An item still LOADING (loaded in part) only loses the returned pieces.
    const steps: ItemStep[] = back
      .filter((one) => one.status !== 'LOADING' && items.some((carried) => carried.id === one.id))
      .map((item) => ({
        item,
        action: 'REJECT_LOAD_STATUS',
        options: { reserve: false, onDelivery: false },
      }));
    await stepOrderItems(tx, actor, order, steps);
  }
}

/**
 * TRANSFER_TO_ANOTHER {targetShipmentId}: every load of the shipment moves to the target (locked and
 * checked to be another LOADING shipment by the action). The items keep their statuses; the target's
 * load check sees them. The target must stop at every carried order's delivery point, as a load onto it
 * would (422, decision 140).
 */
export async function transferLoads(tx: Tx, shipmentId: number, targetShipmentId: number): Promise<void> {
  const [target] = await rowsOf<Shipment>(
    tx,
    sql`select id, code from shipments where id = ${targetShipmentId}`,
  );
  const orders = await rowsOf<{ order_id: number }>(
    tx,
    sql`select distinct oi.order_id from shipment_loads sl join order_items oi on oi.id = sl.order_item_id
         where sl.shipment_id = ${shipmentId} order by oi.order_id`,
  );
  for (const order of orders) await refuseWrongDestination(tx, target!, order.order_id);
  await tx.execute(
    sql`update shipment_loads set shipment_id = ${targetShipmentId} where shipment_id = ${shipmentId}`,
  );
  await keepShipmentFigures(tx, { shipmentIds: [shipmentId, targetShipmentId] });
}
