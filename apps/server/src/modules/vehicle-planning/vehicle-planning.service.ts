import type { PaletteCountBody, PlanVehicleBody } from '@mandira/contract/fleet';
import {
  FINISHED_ITEM_STATUSES,
  FINISHED_ORDER_STATUSES,
  ORDER_ITEM_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  type OrderItemStatus,
  type OrderStatus,
} from '@mandira/contract/order-machines';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { rowsOf, type Tx } from '../../db/client.ts';
import { statusList } from '../../db/status-sql.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { recordChange } from '../audit/record-change.ts';

/**
 * Vehicle planning on orders (docs/domain/orders.md): which vehicle is meant to carry an order or an item.
 */

/** Items no vehicle will carry any more. */
const CLOSED_ITEM_LIST = statusList(FINISHED_ITEM_STATUSES);

async function lockOpenOrder(tx: Tx, orderId: number): Promise<void> {
  const [order] = await rowsOf<{ status: OrderStatus }>(
    tx,
    sql`select status from orders where id = ${orderId} for update`,
  );
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
  const [vehicle] = await rowsOf<{ plate: string; status: string }>(
    tx,
    sql`select licence_plate_code as plate, status from vehicles where id = ${vehicleId}`,
  );
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
  await tx.execute(sql`
    update orders set planned_vehicle_id = ${input.vehicleId}, updated_at = now() where id = ${input.orderId}`);
  await tx.execute(sql`
    update order_items set planned_vehicle_id = ${input.vehicleId}, updated_at = now()
     where order_id = ${input.orderId} and status not in (${CLOSED_ITEM_LIST})`);
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
  const [item] = await rowsOf<{ status: OrderItemStatus }>(
    tx,
    sql`select status from order_items where id = ${input.itemId} and order_id = ${input.orderId} for update`,
  );
  if (!item) throw notFound('Sipariş kalemi bulunamadı.');
  if (FINISHED_ITEM_STATUSES.includes(item.status)) {
    throw new AppError(
      'CONFLICT',
      `'${ORDER_ITEM_STATUS_LABELS[item.status]}' durumundaki kalem için araç planlanamaz.`,
    );
  }
  await assertPlannable(tx, input.vehicleId);
  await tx.execute(sql`
    update order_items set planned_vehicle_id = ${input.vehicleId}, updated_at = now() where id = ${input.itemId}`);
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
  await tx.execute(sql`
    update orders set estimated_palette_count = ${input.count}, updated_at = now() where id = ${input.orderId}`);
  await recordChange(tx, actor, {
    action: 'ESTIMATE_PALETTE_COUNT',
    entityType: 'ORDER',
    entityId: input.orderId,
    after: { estimatedPaletteCount: input.count },
  });
}
