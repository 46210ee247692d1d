import type { PaletteCountBody, PlanVehicleBody } from '@mandira/contract/fleet';
import {
  FINISHED_ITEM_STATUSES,
  FINISHED_ORDER_STATUSES,
  ORDER_ITEM_STATUS_LABELS,
  ORDER_STATUS_LABELS,
} from '@mandira/contract/order-machines';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import {
  lockItemStatus,
  lockOrderStatus,
  planVehicleOfItem,
  planVehicleOfOrderAndOpenItems,
  setEstimatedPaletteCount,
  vehiclePlateAndStatus,
} from './vehicle-planning.repo.ts';

/**
 * Vehicle planning on orders (docs/domain/orders.md): which vehicle is meant to carry an order or an item.
 */

async function lockOpenOrder(tx: Tx, orderId: number): Promise<void> {
  const order = await lockOrderStatus(tx, orderId);
  if (!order) throw notFound('Sipariş bulunamadı.');
  if (FINISHED_ORDER_STATUSES.includes(order.status)) {
    throw new AppError(
      'CONFLICT',
      `'${ORDER_STATUS_LABELS[order.status]}' durumundaki sipariş için araç planlanamaz.`,
    );
  }
}

/** The vehicle exists and is not out of service. */
async function assertPlannable(tx: Tx, vehicleId: number): Promise<void> {
  const vehicle = await vehiclePlateAndStatus(tx, vehicleId);
  if (!vehicle) throw new AppError('NOT_FOUND', 'Araç bulunamadı.', 'vehicleId');
  if (vehicle.status === 'OUT_OF_SERVICE') {
    throw new AppError('CONFLICT', `'${vehicle.plate}' plakalı araç hizmet dışı; planlanamaz.`, 'vehicleId');
  }
}

type PlanInput = { orderId: number } & z.output<typeof PlanVehicleBody>;

/** `PUT /orders/{id}/plan-shipment-vehicle`: the order and every open item of it. */
export async function planOrderVehicle(tx: Tx, actor: Actor, input: PlanInput): Promise<void> {
  await lockOpenOrder(tx, input.orderId);
  await assertPlannable(tx, input.vehicleId);
  await planVehicleOfOrderAndOpenItems(tx, input.orderId, input.vehicleId);
  await recordChange(tx, actor, {
    action: 'PLAN_SHIPMENT_VEHICLE',
    entityType: 'ORDER',
    entityId: input.orderId,
    after: { plannedVehicleId: input.vehicleId },
  });
}

/** `PUT /orders/{id}/order-item/{itemId}/plan-shipment-vehicle`: one open item. */
export async function planItemVehicle(
  tx: Tx,
  actor: Actor,
  input: PlanInput & { itemId: number },
): Promise<void> {
  await lockOpenOrder(tx, input.orderId);
  const item = await lockItemStatus(tx, input.orderId, input.itemId);
  if (!item) throw notFound('Sipariş kalemi bulunamadı.');
  if (FINISHED_ITEM_STATUSES.includes(item.status)) {
    throw new AppError(
      'CONFLICT',
      `'${ORDER_ITEM_STATUS_LABELS[item.status]}' durumundaki kalem için araç planlanamaz.`,
    );
  }
  await assertPlannable(tx, input.vehicleId);
  await planVehicleOfItem(tx, input.itemId, input.vehicleId);
  await recordChange(tx, actor, {
    action: 'PLAN_SHIPMENT_VEHICLE',
    entityType: 'ORDER_ITEM',
    entityId: input.itemId,
    orderId: input.orderId,
    after: { plannedVehicleId: input.vehicleId },
  });
}

/** `PUT /orders/{id}/estimate-palette-count`. */
export async function estimatePaletteCount(
  tx: Tx,
  actor: Actor,
  input: { orderId: number } & z.output<typeof PaletteCountBody>,
): Promise<void> {
  await lockOpenOrder(tx, input.orderId);
  await setEstimatedPaletteCount(tx, input.orderId, input.count);
  await recordChange(tx, actor, {
    action: 'ESTIMATE_PALETTE_COUNT',
    entityType: 'ORDER',
    entityId: input.orderId,
    after: { estimatedPaletteCount: input.count },
  });
}
