import { LEFT_WAREHOUSE_STATUSES } from '@mandira/contract/loading';
import { orderItemMachine } from '@mandira/contract/order-machines';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, conflict } from '../../http/errors.ts';
import { itemContext, lockItems, lockOrderItem, stepOrderItems } from '../orders/item-steps.ts';
import { itemLinesOf, stepEachLine } from './item-lines.ts';
import { findOrderOfItem, lockShipmentsOfItem } from './load-acceptance.repo.ts';
import { lockShipmentForShare } from './load-item.service.ts';
import { reverseLoads } from './load-records.ts';

export type AcceptInput = { orderId?: number; itemId: number; shipmentId?: number };

/**
 * `/accept-load-status` and `PUT /shipments/load {orderShipmentId, orderItemId}`: the shipping staff
 * confirm that the item's load is on the truck. Named by a shipment, the item must be loaded on it.
 */
export async function acceptLoad(tx: Tx, actor: Actor, input: AcceptInput): Promise<number> {
  const orderId = input.orderId ?? (await orderOfItem(tx, input.itemId));
  const shipments = await lockShipmentsOfItem(tx, input.itemId);
  if (input.shipmentId !== undefined && !shipments.some((one) => one.id === input.shipmentId)) {
    const shipment = await lockShipmentForShare(tx, input.shipmentId, 'orderShipmentId');
    throw conflict(`Kalemin '${shipment.code}' sevkiyatına yüklenmiş ürünü yok; yükleme kabul edilemez.`);
  }
  const { order, item } = await lockOrderItem(tx, orderId, input.itemId);
  await stepOrderItems(tx, actor, order, [{ item, action: 'ACCEPT_LOAD_STATUS' }]);
  return order.id;
}

/**
 * `PUT /shipments/{id}/accept-loads` ('Tümünü Kabul Et', decision 103): each item's load on the
 * shipment is accepted as by `acceptLoad`, in the route's one transaction, in order and item order (so
 * two such requests lock alike). The first line refused throws with the line named; the rollback then
 * undoes the lines accepted before it.
 */
export async function acceptShipmentLoads(
  tx: Tx,
  actor: Actor,
  input: { shipmentId: number; orderItemIds: number[] },
): Promise<void> {
  await lockShipmentForShare(tx, input.shipmentId, 'id');
  const lines = await itemLinesOf(tx, input.orderItemIds);
  await stepEachLine(
    lines,
    async (line) => {
      await acceptLoad(tx, actor, { orderId: line.order_id, itemId: line.id, shipmentId: input.shipmentId });
    },
    'Hiçbir yükleme kabul edilmedi.',
  );
}

async function orderOfItem(tx: Tx, itemId: number): Promise<number> {
  const row = await findOrderOfItem(tx, itemId);
  if (!row) throw new AppError('NOT_FOUND', 'Sipariş kalemi bulunamadı.', 'orderItemId');
  return row.order_id;
}

export type RejectInput = { orderId: number; itemId: number };

/**
 * `/reject-load-status` ('Yüklenmedi olarak bildir'): every load of the item goes back to the stock
 * lines it came from (RETURN_INBOUND with the order id), its load records are deleted, its loaded
 * pieces drop to 0 and it is LOADING again with its approved pieces. Refused once a shipment carrying
 * it has left (docs/domain/orders.md, REJECT_LOAD_STATUS).
 */
export async function rejectLoad(tx: Tx, actor: Actor, input: RejectInput): Promise<void> {
  const shipments = await lockShipmentsOfItem(tx, input.itemId);
  const { order, item } = await lockOrderItem(tx, input.orderId, input.itemId);
  const onDelivery = shipments.some((one) => LEFT_WAREHOUSE_STATUSES.includes(one.status));
  // Asked before anything moves, so a refusal writes nothing even before the rollback.
  orderItemMachine.next(item.status, 'REJECT_LOAD_STATUS', {
    ...itemContext(order, item),
    onDelivery,
  });
  const codes = shipments.map((one) => one.code).join(', ');
  await reverseLoads(
    tx,
    actor,
    { orderItemIds: [item.id] },
    `Yüklenmedi olarak bildirildi${codes ? `, sevkiyat ${codes}` : ''}`,
  );
  const [returned] = await lockItems(tx, input.orderId, input.itemId);
  // The pieces are back on the shelf: the item holds them again whatever was promised meanwhile.
  await stepOrderItems(tx, actor, order, [
    { item: returned!, action: 'REJECT_LOAD_STATUS', options: { reserve: false, onDelivery } },
  ]);
}
