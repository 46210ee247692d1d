import type { OrderItemAction } from '@mandira/contract/order-machines';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { recordChange } from '../audit/record-change.ts';
import { type ItemRow, type OrderRow, stepItem } from './order-item-engine.ts';
import { refreshDealtTotal, reserves } from './order-steps.ts';
import { changeReservation, type ReservationChange } from './reservations.ts';

/**
 * The one door through which loading and shipments step order items (decision 152): each function here
 * keeps the order's own figures — the reservation counters (decision 65) and the dealt total
 * (docs/domain/money.md) — in the caller's transaction, so no caller keeps them by hand.
 */

export { actOnItem, itemContext, lockItems, lockOrder, lockOrderItem } from './order-item-engine.ts';
export type { ItemRow, OrderRow };

/** One machine step of a locked item; `options` as `stepItem`'s. */
export type ItemStep = {
  item: ItemRow;
  action: OrderItemAction;
  options?: { reserve?: boolean; onDelivery?: boolean };
};

/**
 * Steps locked items of one order by the item machine, in order, then changes the reservations once
 * and refreshes the order's dealt total.
 */
export async function stepOrderItems(
  tx: Tx,
  actor: Actor,
  order: OrderRow,
  steps: readonly ItemStep[],
): Promise<void> {
  const changes: ReservationChange[] = [];
  for (const step of steps) {
    changes.push(await stepItem(tx, actor, order, step.item, step.action, undefined, step.options));
  }
  await changeReservation(tx, changes);
  await refreshDealtTotal(tx, order.id);
}

/**
 * Pieces of a locked item went onto a truck: its loaded pieces grow, the order no longer holds them
 * (they left the stock) and its dealt total follows.
 */
export async function recordItemLoaded(
  tx: Tx,
  actor: Actor,
  load: { order: OrderRow; item: ItemRow; pieces: number; shipmentId: number },
): Promise<void> {
  const { order, item, pieces } = load;
  await tx.execute(sql`
    update order_items set loaded_quantity = loaded_quantity + ${pieces}, updated_at = now()
     where id = ${item.id}`);
  await recordChange(tx, actor, {
    action: 'LOAD_ITEM_TO_TRUCK',
    entityType: 'ORDER_ITEM',
    entityId: item.id,
    orderId: order.id,
    before: { loadedQuantity: item.loaded_quantity },
    after: { loadedQuantity: item.loaded_quantity + pieces, shipmentId: load.shipmentId },
    status: item.status,
    alsoTopics: ['shipments'],
  });
  await changeReservation(tx, [
    { productId: item.product_id, orderPieces: -pieces, bundleSnapshotId: item.bundle_snapshot_id },
  ]);
  await refreshDealtTotal(tx, order.id);
}

/** Pieces of an item taken off the shipments named (their load records are gone). */
export type ReversedLoad = { orderItemId: number; pieces: number; shipmentIds: number[] };

/**
 * Loads were taken back onto the shelves: each item's loaded pieces drop, an item still reserving holds
 * again what is no longer on a truck, and the dealt totals of their orders follow.
 */
export async function recordLoadsReversed(
  tx: Tx,
  actor: Actor,
  reversed: readonly ReversedLoad[],
): Promise<void> {
  const changes: ReservationChange[] = [];
  const orderIds = new Set<number>();
  for (const load of reversed) {
    const [lowered] = await rowsOf<{
      product_id: number;
      status: string;
      bundle_snapshot_id: number;
      order_id: number;
      loaded_quantity: number;
    }>(
      tx,
      sql`update order_items set loaded_quantity = loaded_quantity - ${load.pieces}, updated_at = now()
           where id = ${load.orderItemId}
           returning product_id, status, bundle_snapshot_id, order_id, loaded_quantity`,
    );
    orderIds.add(lowered!.order_id);
    await recordChange(tx, actor, {
      action: 'REVERSE_LOAD',
      entityType: 'ORDER_ITEM',
      entityId: load.orderItemId,
      orderId: lowered!.order_id,
      before: { loadedQuantity: lowered!.loaded_quantity + load.pieces, shipmentIds: load.shipmentIds },
      after: { loadedQuantity: lowered!.loaded_quantity, shipmentIds: [] },
      alsoTopics: ['shipments'],
    });
    if (reserves(lowered!.status)) {
      changes.push({
        productId: lowered!.product_id,
        orderPieces: load.pieces,
        bundleSnapshotId: lowered!.bundle_snapshot_id,
      });
    }
  }
  await changeReservation(tx, changes);
  for (const orderId of [...orderIds].sort((a, b) => a - b)) await refreshDealtTotal(tx, orderId);
}
