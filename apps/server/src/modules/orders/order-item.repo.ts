import type { OrderItemStatus, OrderStatus } from '@mandira/contract/order-machines';
import { sql } from 'drizzle-orm';
import { preparedRowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { type Change, changeRecordedAfter } from '../audit/record-change.ts';
import { dealtTotalWithChanged } from './order-steps.ts';

/** An order as the item engine reads it under its lock. */
export type OrderRow = {
  id: number;
  buyer_id: number;
  status: OrderStatus;
  planned_shipment_date: string | null;
};

/** An order item as the item engine reads it under its lock. */
export type ItemRow = {
  id: number;
  product_id: number;
  status: OrderItemStatus;
  ordered_quantity: number;
  quantity: number;
  quantity_in_box: number;
  loaded_quantity: number;
  bundle_snapshot_id: number;
};

/**
 * Locks the order row, then its item `itemId`, in one statement (decision 183): the item is joined to
 * the locked order, so its lock is taken only after the order's, as two statements took them. Both are
 * read as locked, at their newest version, whatever the statement's snapshot. Null for what is missing.
 */
export async function lockedOrderAndItem(
  tx: Tx,
  orderId: number,
  itemId: number,
): Promise<{ order: OrderRow | null; item: ItemRow | null }> {
  const [row] = await preparedRowsOf<OrderRow & { item: ItemRow | null }>(
    tx,
    'locked_order_and_item',
    sql`with o as materialized (
          select id, buyer_id, status, planned_shipment_date::text as planned_shipment_date
            from orders where id = ${orderId} for update),
        i as materialized (
          select oi.id, oi.product_id, oi.status, oi.ordered_quantity, oi.quantity, oi.quantity_in_box,
                 oi.loaded_quantity, oi.bundle_snapshot_id
            from o join order_items oi on oi.order_id = o.id
           where oi.id = ${itemId}
             for update of oi)
        select o.*, (select to_json(i) from i) as item from o`,
  );
  if (!row) return { order: null, item: null };
  const { item, ...order } = row;
  return { order, item };
}

/** One machine step of a locked item: its new status and pieces. */
export type ItemStepWrite = {
  orderId: number;
  itemId: number;
  status: OrderItemStatus;
  quantity: number;
  /** Also refreshes the order's dealt total, when this step is the order's only change of items. */
  dealtTotal: boolean;
};

/**
 * Writes an item's step, with its audit entry and announcement, and, when asked, the order's dealt total
 * counted with the step's values: one statement (decision 183). The order and the item are locked first.
 */
export async function writeItemStep(
  tx: Tx,
  actor: Actor,
  step: ItemStepWrite,
  change: Change,
): Promise<void> {
  const total = step.dealtTotal
    ? sql`totalled as (
            update orders o set dealt_total_price = ${dealtTotalWithChanged(sql`o.id`, sql`stepped`)},
                   updated_at = now()
             where o.id = ${step.orderId}
            returning o.id),`
    : sql``;
  await preparedRowsOf(
    tx,
    'item_step',
    changeRecordedAfter(
      sql`stepped as (
            update order_items set status = ${step.status}, quantity = ${step.quantity}, updated_at = now()
             where id = ${step.itemId}
            returning id, status, quantity),
          ${total}`,
      actor,
      change,
    ),
  );
}
