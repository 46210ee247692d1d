import { LEFT_WAREHOUSE_STATUSES } from '@mandira/contract/loading';
import {
  DRIVER_RELEASED_BY,
  DRIVER_STATUS_AFTER,
  DRIVER_STATUSES_HELD_BY_SHIPMENT,
  overCapacityMessage,
  SHIPMENT_STATUS_LABELS,
  type ShipmentAction,
  type ShipmentStatus,
  shipmentMachine,
  weighingOf,
} from '@mandira/contract/shipment-machine';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { recordChange } from '../audit/record-change.ts';
import { contextOf, type ShipmentReadSettings } from './shipment.repo.ts';
import {
  type LockedRow,
  lockShipments,
  releaseDriver,
  shipmentFigures,
  type WeightWrite,
  writeDriverStatus,
  writeShipmentStatus,
} from './shipment-actions.repo.ts';
import { SHIPMENT_EFFECTS } from './shipment-effects.ts';

export type ShipmentActionInput = {
  id: number;
  action: ShipmentAction;
  loadedWeightInTons?: number | null;
  targetShipmentId?: number | null;
};

/** Statuses in which the weighed figure still describes the load on the truck. */
const WEIGHED_STATUSES: readonly ShipmentStatus[] = [
  'LOAD_WEIGHT_CHECK_COMPLETED',
  ...LEFT_WAREHOUSE_STATUSES,
];

/**
 * `PUT /shipments/{id}/on-action` and its shortcuts (docs/domain/loading-and-shipments.md): locks the
 * shipment, asks the machine with the facts of its load records, writes the status and the driver's status,
 * then runs the action's effect. A refusal is 409 INVALID_TRANSITION and writes nothing.
 */
export async function actOnShipment(
  tx: Tx,
  actor: Actor,
  input: ShipmentActionInput,
  settings: ShipmentReadSettings,
): Promise<void> {
  const target = input.action === 'TRANSFER_TO_ANOTHER' ? (input.targetShipmentId ?? undefined) : undefined;
  const locked = await lockShipments(tx, target === undefined ? [input.id] : [input.id, target]);
  const shipment = locked.find((row) => row.id === input.id);
  if (!shipment) throw notFound('Sevkiyat bulunamadı.');

  const context = contextOf(await shipmentFigures(tx, input.id), settings);
  const to = shipmentMachine.next(shipment.status, input.action, context);
  // A weight above what the vehicle can carry is a misreading or an overload: refused at the weighbridge
  // on the field (decision 102), not first at departure.
  const weighed = input.action === 'COMPLETE_WEIGHT_CHECK' ? input.loadedWeightInTons : null;
  if (weighed != null && weighingOf(context, weighed).overCapacity) {
    throw badRequest(overCapacityMessage(weighed, context.vehicleCapacityInTons), 'loadedWeightInTons');
  }
  if (target !== undefined) assertTransferTarget(locked, input.id, target);

  const weight: WeightWrite =
    input.action === 'COMPLETE_WEIGHT_CHECK'
      ? { set: input.loadedWeightInTons }
      : WEIGHED_STATUSES.includes(to)
        ? 'kept'
        : 'cleared';
  await writeShipmentStatus(tx, input.id, to, weight);
  await recordChange(tx, actor, {
    action: input.action,
    entityType: 'SHIPMENT',
    entityId: input.id,
    before: { status: shipment.status },
    after: {
      status: to,
      ...(weighed == null ? {} : { loadedWeightInTons: weighed }),
      ...(target === undefined ? {} : { targetShipmentId: target }),
    },
    status: to,
  });
  const driverStatus = DRIVER_STATUS_AFTER[input.action as keyof typeof DRIVER_STATUS_AFTER];
  if (driverStatus) {
    await writeDriverStatus(tx, actor, shipment.driver_id, driverStatus);
  }
  if (DRIVER_RELEASED_BY.includes(input.action)) {
    await releaseDriver(tx, actor, shipment.driver_id, DRIVER_STATUSES_HELD_BY_SHIPMENT);
  }
  await SHIPMENT_EFFECTS[input.action]?.({
    tx,
    actor,
    shipmentId: input.id,
    from: shipment.status,
    to,
    ...(target === undefined ? {} : { targetShipmentId: target }),
  });
}

function assertTransferTarget(locked: LockedRow[], id: number, targetId: number): void {
  if (targetId === id) {
    throw new AppError('CONFLICT', 'Yükler aynı sevkiyata aktarılamaz.', 'targetShipmentId');
  }
  const target = locked.find((row) => row.id === targetId);
  if (!target) throw new AppError('NOT_FOUND', 'Hedef sevkiyat bulunamadı.', 'targetShipmentId');
  if (target.status !== 'LOADING') {
    throw new AppError(
      'CONFLICT',
      `Yükler yalnızca '${SHIPMENT_STATUS_LABELS.LOADING}' durumundaki bir sevkiyata aktarılabilir; '${target.code}' ${SHIPMENT_STATUS_LABELS[target.status]}.`,
      'targetShipmentId',
    );
  }
}
