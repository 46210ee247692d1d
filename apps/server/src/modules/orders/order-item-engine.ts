import {
  APPROVED_ITEM_STATUSES,
  ITEM_REVIEW_ACTIONS,
  type OrderAction,
  type OrderCancelAction,
  type OrderItemAction,
  orderItemMachine,
  orderMachine,
} from '@mandira/contract/order-machines';
import type { PrivilegeKey } from '@mandira/contract/roles';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import { type Actor, hasAccess } from '../../http/auth.ts';
import { AppError, badRequest, businessRule, notFound } from '../../http/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { keepShipmentFigures } from '../load-figures/shipment-figures.ts';
import { type ItemRow, lockedOrderAndItem, type OrderRow, writeItemStep } from './order-item.repo.ts';
import { refreshDealtTotal, reserves } from './order-steps.ts';
import { changeReservation, type ReservationChange, reserveOrRefuse } from './reservations.ts';

/**
 * The order item engine: locking an order and its items, moving an item by the contract's item machine
 * with its reservations and the load figures of the shipments carrying it (`stepItem`), one item's step
 * (`actOnItem`) and an order's step with its effect on its items (`actOnOrder`). The order review, the
 * warehouse steps, load acceptance and a shipment's delivery, return and transfer all move items here.
 */
export type { ItemRow, OrderRow };

/** Locks the order row; every write on an order or its items takes it first, then the items. */
export async function lockOrder(tx: Tx, orderId: number): Promise<OrderRow> {
  const [order] = await rowsOf<OrderRow>(
    tx,
    sql`select id, buyer_id, status, planned_shipment_date::text as planned_shipment_date
          from orders where id = ${orderId} for update`,
  );
  if (!order) throw notFound('Sipariş bulunamadı.');
  return order;
}

export async function lockItems(tx: Tx, orderId: number, itemId?: number): Promise<ItemRow[]> {
  return rowsOf<ItemRow>(
    tx,
    sql`select id, product_id, status, ordered_quantity, quantity, quantity_in_box, loaded_quantity,
               bundle_snapshot_id
          from order_items
         where order_id = ${orderId} ${itemId === undefined ? sql`` : sql`and id = ${itemId}`}
         order by id for update`,
  );
}

/** Locks the order, then the item (404 when the order has no such item), in one statement. */
export async function lockOrderItem(
  tx: Tx,
  orderId: number,
  itemId: number,
): Promise<{ order: OrderRow; item: ItemRow }> {
  const { order, item } = await lockedOrderAndItem(tx, orderId, itemId);
  if (!order) throw notFound('Sipariş bulunamadı.');
  if (!item) throw notFound('Sipariş kalemi bulunamadı.');
  return { order, item };
}

export const itemContext = (order: OrderRow, item: ItemRow) => ({
  orderStatus: order.status,
  orderedQuantity: item.ordered_quantity,
  quantity: item.quantity,
  quantityInBox: item.quantity_in_box,
  loadedQuantity: item.loaded_quantity,
});

/** Review actions are the order manager's; the warehouse steps the warehouse staff's. */
function privilegeOf(action: OrderItemAction): PrivilegeKey {
  return (ITEM_REVIEW_ACTIONS as readonly string[]).includes(action)
    ? 'ORDER_REVIEW'
    : 'WAREHOUSE_OPERATIONS';
}

/**
 * n pieces, a whole number of boxes, at least one box and fewer than were ordered (docs/domain/orders.md).
 */
function partialQuantity(item: ItemRow, pieces: number | undefined): number {
  if (pieces === undefined) throw badRequest('Miktar zorunludur (kısmi onayda onaylanan adet).', 'quantity');
  const box = item.quantity_in_box;
  if (box <= 0 || pieces % box !== 0) {
    throw businessRule(`Kısmi onay tam koli olmalıdır: ${pieces} adet, koli içi ${box} adedin katı değil.`);
  }
  if (pieces < box || pieces >= item.ordered_quantity) {
    throw businessRule(
      `Kısmi onay en az 1 koli (${box} adet) ve sipariş edilen ${item.ordered_quantity} adetten az olmalıdır; istenen: ${pieces} adet.`,
    );
  }
  return pieces;
}

/** The item's pieces after the step: a partial approval sets them, an approval restores what was ordered. */
function quantityAfter(action: OrderItemAction, item: ItemRow, pieces: number | undefined): number {
  if (action === 'APPROVE') return item.ordered_quantity;
  if (action === 'APPROVE_PARTIALLY') return partialQuantity(item, pieces);
  // Finishing a partly loaded item keeps its approved pieces: it stops reserving the remainder, and the
  // dealt total counts what was loaded (order-steps.ts).
  return item.quantity;
}

/**
 * Moves one locked item by the machine, reserving what it newly holds (409 when short). Answers the
 * change of its open pieces, for the caller's one `changeReservation` after all its steps.
 * `reserve: false` skips the availability check for a step that takes back what the warehouse
 * physically returns (a rejected load): the goods are back on the shelf whatever else was promised.
 * `dealtTotal: true` refreshes the order's dealt total with the step, for a caller whose only change
 * of items this step is; other callers refresh it after all their steps.
 */
export async function stepItem(
  tx: Tx,
  actor: Actor,
  order: OrderRow,
  item: ItemRow,
  action: OrderItemAction,
  pieces?: number,
  {
    reserve = true,
    onDelivery,
    dealtTotal = false,
  }: { reserve?: boolean; onDelivery?: boolean; dealtTotal?: boolean } = {},
): Promise<ReservationChange> {
  const to = orderItemMachine.next(item.status, action, {
    ...itemContext(order, item),
    onDelivery,
  });
  const quantity = quantityAfter(action, item, pieces);
  const heldBefore = reserves(item.status) ? item.quantity - item.loaded_quantity : 0;
  const heldAfter = reserves(to) ? quantity - item.loaded_quantity : 0;
  if (reserve && heldAfter > heldBefore) {
    await reserveOrRefuse(tx, [
      {
        productId: item.product_id,
        pieces: heldAfter - heldBefore,
        bundleSnapshotId: item.bundle_snapshot_id,
      },
    ]);
  }
  await writeItemStep(
    tx,
    actor,
    { orderId: order.id, itemId: item.id, status: to, quantity, dealtTotal },
    {
      action,
      entityType: 'ORDER_ITEM',
      entityId: item.id,
      orderId: order.id,
      before: { status: item.status, quantity: item.quantity },
      after: { status: to, quantity },
      status: to,
    },
  );
  // The shipments carrying the item count its loads as accepted or not (docs/decisions/0114-shipments-keep-load-figures-row-recomputed.md).
  if ((to === 'LOAD_STATUS_ACCEPTED') !== (item.status === 'LOAD_STATUS_ACCEPTED')) {
    await keepShipmentFigures(tx, { orderItemIds: [item.id] });
  }
  return {
    productId: item.product_id,
    orderPieces: heldAfter - heldBefore,
    bundleSnapshotId: item.bundle_snapshot_id,
  };
}

export type ItemActionInput = {
  orderId: number;
  itemId: number;
  action: OrderItemAction;
  quantity?: number;
};

/** `PUT /orders/{o}/order-item/{i}?action=` and `/cancel`: one item, by the contract's item table. */
export async function actOnItem(tx: Tx, actor: Actor, input: ItemActionInput): Promise<void> {
  if (!hasAccess(actor, privilegeOf(input.action))) {
    throw new AppError('FORBIDDEN', 'Bu işlem için yetkiniz yok.');
  }
  const { order, item } = await lockOrderItem(tx, input.orderId, input.itemId);
  // The item's step carries the order's dealt total: it moves no other item (decision 183).
  const step = await stepItem(tx, actor, order, item, input.action, input.quantity, { dealtTotal: true });
  await changeReservation(tx, [step]);
}

/** Runs an order action (`PUT /order-action/{action}`, or a cancel) with its effect on the items. */
export async function actOnOrder(
  tx: Tx,
  actor: Actor,
  orderId: number,
  action: OrderAction | OrderCancelAction,
): Promise<void> {
  const order = await lockOrder(tx, orderId);
  const items = await lockItems(tx, orderId);
  const to = orderMachine.next(order.status, action, {
    itemStatuses: items.map((item) => item.status),
    loadedQuantity: items.reduce((sum, item) => sum + item.loaded_quantity, 0),
  });
  const itemStep: OrderItemAction | undefined =
    action === 'FORWARD_APPROVES_TO_WAREHOUSE_OPERATION' || action === 'FORWARD_TO_WAREHOUSE_OPERATION'
      ? 'FORWARD_TO_WAREHOUSE'
      : action === 'CANCEL_BY_SELLER' || action === 'CANCEL_BY_BUYER'
        ? 'CANCEL_WITH_ORDER'
        : undefined;
  if (itemStep) {
    const moving = items.filter((item) =>
      itemStep === 'FORWARD_TO_WAREHOUSE'
        ? APPROVED_ITEM_STATUSES.includes(item.status)
        : item.status !== 'CANCELED',
    );
    const changes: ReservationChange[] = [];
    for (const item of moving) changes.push(await stepItem(tx, actor, order, item, itemStep));
    await changeReservation(tx, changes);
  }
  await tx.execute(sql`
    update orders set status = ${to}, updated_at = now(),
           completed_at = ${to === 'COMPLETED' ? sql`now()` : sql`completed_at`}
     where id = ${orderId}`);
  await recordChange(tx, actor, {
    action,
    entityType: 'ORDER',
    entityId: orderId,
    before: { status: order.status },
    after: { status: to },
    status: to,
  });
  await refreshDealtTotal(tx, orderId);
}
