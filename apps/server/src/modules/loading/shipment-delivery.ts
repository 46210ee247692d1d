import { SHIPMENT_STATUS_LABELS, type ShipmentStatus } from '@mandira/contract/shipment-machine';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, conflict } from '../../http/errors.ts';
import {
  type ItemRow,
  lockItems,
  lockOrder,
  type OrderRow,
  stepItem,
} from '../orders/order-review.service.ts';
import { refreshDealtTotal } from '../orders/order-steps.ts';
import { reverseLoads } from './load-records.ts';

/**
 * What a shipment's delivery, return and transfer do to the order items it carries (DESIGN §7.5), run
 * inside the shipment action's transaction after the shipment row is locked. Orders are then locked in
 * id order and their items by id, as every order write does.
 */

type Shipment = { id: number; code: string };

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
export async function deliverCarriedItems(tx: Tx, _actor: Actor, shipment: Shipment): Promise<void> {
  for (const { order, items } of await lockCarried(tx, shipment.id)) {
    for (const item of items) {
      if (item.status !== 'LOAD_STATUS_ACCEPTED') continue;
      const [elsewhere] = await rowsOf<{ open: number }>(
        tx,
        sql`select count(*)::int as open from shipment_loads sl join shipments s on s.id = sl.shipment_id
             where sl.order_item_id = ${item.id} and s.id <> ${shipment.id} and s.status <> 'DELIVERED'`,
      );
      if (elsewhere!.open > 0) continue;
      await stepItem(tx, order, item, 'DELIVER');
    }
    await refreshDealtTotal(tx, order.id);
  }
}

/**
 * DO_PARKING of a shipment back from a failed delivery: its loads are reversed as a rejected load
 * (the pieces go back to the lines they left, RETURN_INBOUND with the order id), and its items are
 * LOADING again with their approved pieces.
 */
export async function returnCarriedItems(tx: Tx, actor: Actor, shipment: Shipment): Promise<void> {
  for (const { order, items } of await lockCarried(tx, shipment.id)) {
    await reverseLoads(
      tx,
      actor,
      { orderItemIds: items.map((item) => item.id), shipmentId: shipment.id },
      `Teslim edilemedi, depoya geri döndü: sevkiyat ${shipment.code}`,
    );
    const back = await lockItems(tx, order.id);
    for (const item of back.filter((one) => items.some((carried) => carried.id === one.id))) {
      // An item still LOADING (loaded in part) only loses the returned pieces.
      if (item.status === 'LOADING') continue;
      await stepItem(tx, order, item, 'REJECT_LOAD_STATUS', undefined, { reserve: false, onDelivery: false });
    }
    await refreshDealtTotal(tx, order.id);
  }
}

/**
 * TRANSFER_TO_ANOTHER {targetShipmentId}: every load of the shipment moves to the target, which must be
 * another shipment in LOADING. The items keep their statuses; the target's load check sees them.
 */
export async function transferLoads(
  tx: Tx,
  _actor: Actor,
  shipment: Shipment,
  targetShipmentId: number | undefined,
): Promise<void> {
  if (targetShipmentId === undefined) {
    throw new AppError('VALIDATION', 'Aktarılacak sevkiyat seçilmelidir.', 'targetShipmentId');
  }
  if (targetShipmentId === shipment.id) {
    throw new AppError('VALIDATION', 'Yükler aynı sevkiyata aktarılamaz.', 'targetShipmentId');
  }
  const [target] = await rowsOf<{ id: number; code: string; status: ShipmentStatus }>(
    tx,
    sql`select id, code, status from shipments where id = ${targetShipmentId} for update`,
  );
  if (!target) throw new AppError('NOT_FOUND', 'Aktarılacak sevkiyat bulunamadı.', 'targetShipmentId');
  if (target.status !== 'LOADING') {
    throw conflict(
      `Yükler yalnızca 'Yükleniyor' durumundaki bir sevkiyata aktarılabilir; '${target.code}' sevkiyatı '${SHIPMENT_STATUS_LABELS[target.status]}' durumunda.`,
    );
  }
  await tx.execute(
    sql`update shipment_loads set shipment_id = ${target.id} where shipment_id = ${shipment.id}`,
  );
}
