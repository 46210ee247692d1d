import { CANCEL_ACTION_OF_STATUS, FINISHED_ORDER_STATUSES } from '@mandira/contract/order-machines';
import {
  isPastDay,
  PAST_SHIPMENT_DAY_MESSAGE,
  PLANNED_DAY_REQUIRED_MESSAGE,
  type UpdateOrderBody,
} from '@mandira/contract/orders';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { actOnOrder, lockOrder } from './order-item-engine.ts';
import { orderHeader, updateOrderHeader } from './order-update.repo.ts';
import { assertBranchFitsBuyer } from './place-order.service.ts';

type UpdateInput = z.output<typeof UpdateOrderBody>;

/** `PUT /orders`: the header of an open order, and ending it as canceled while nothing is loaded. */
export async function updateOrder(tx: Tx, actor: Actor, input: UpdateInput): Promise<void> {
  const order = await lockOrder(tx, input.id);
  const changesHeader =
    input.buyerRequestReferenceCode !== undefined ||
    input.buyerBranch !== undefined ||
    input.plannedShipmentDate !== undefined ||
    input.colorGroup !== undefined;
  if (changesHeader && FINISHED_ORDER_STATUSES.includes(order.status)) {
    throw conflict('Tamamlanmış veya iptal edilmiş bir siparişin bilgileri değiştirilemez.');
  }
  // What placing an order requires (decision 102) may be changed here, not taken away.
  if (input.buyerBranch !== undefined) await assertBranchFitsBuyer(tx, order.buyer_id, input.buyerBranch);
  const day = input.plannedShipmentDate;
  if (day === null && order.planned_shipment_date !== null) {
    throw badRequest(PLANNED_DAY_REQUIRED_MESSAGE, 'plannedShipmentDate');
  }
  if (day && day !== order.planned_shipment_date && isPastDay(day)) {
    throw badRequest(PAST_SHIPMENT_DAY_MESSAGE, 'plannedShipmentDate');
  }
  if (changesHeader) {
    const before = await orderHeader(tx, order.id);
    await updateOrderHeader(tx, order.id, input);
    await recordChange(tx, actor, {
      action: 'UPDATE',
      entityType: 'ORDER',
      entityId: order.id,
      before,
      after: await orderHeader(tx, order.id),
      status: order.status,
    });
  }
  if (input.status && input.status !== order.status) {
    await actOnOrder(tx, actor, order.id, CANCEL_ACTION_OF_STATUS[input.status]);
  }
}
