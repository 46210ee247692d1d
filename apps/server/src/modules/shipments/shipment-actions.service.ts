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
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { nextVersionSql } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';
import { contextOf, type ShipmentReadSettings } from './shipment.repo.ts';
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

type LockedRow = { id: number; status: ShipmentStatus; driver_id: number; code: string };

/** Locks shipments by id order, so two transfers between the same pair cannot deadlock. */
async function lockShipments(tx: Tx, ids: number[]): Promise<LockedRow[]> {
  return rowsOf<LockedRow>(
    tx,
    sql`select id, status, driver_id, code from shipments
         where id = any(${sql.param(ids)}::int[]) order by id for update`,
  );
}

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

  const [figures] = await rowsOf<Parameters<typeof contextOf>[0]>(
    tx,
    sql`select s.load_count, s.loads_all_accepted as all_accepted,
               s.expected_weight_in_tons::float8 as expected_tons,
               s.expected_weight_complete as weight_complete,
               s.loaded_weight_in_tons::float8 as loaded_weight_in_tons,
               v.capacity_in_tons::float8 as capacity_in_tons
          from shipments s join vehicles v on v.id = s.vehicle_id
         where s.id = ${input.id}`,
  );
  const context = contextOf(figures!, settings);
  const to = shipmentMachine.next(shipment.status, input.action, context);
  // A weight above what the vehicle can carry is a misreading or an overload: refused at the weighbridge
  // on the field (decision 102), not first at departure.
  const weighed = input.action === 'COMPLETE_WEIGHT_CHECK' ? input.loadedWeightInTons : null;
  if (weighed != null && weighingOf(context, weighed).overCapacity) {
    throw badRequest(overCapacityMessage(weighed, context.vehicleCapacityInTons), 'loadedWeightInTons');
  }
  if (target !== undefined) assertTransferTarget(locked, input.id, target);

  const weight =
    input.action === 'COMPLETE_WEIGHT_CHECK'
      ? sql`${input.loadedWeightInTons}`
      : WEIGHED_STATUSES.includes(to)
        ? sql`loaded_weight_in_tons`
        : sql`null`;
  await tx.execute(sql`
    update shipments set status = ${to}, loaded_weight_in_tons = ${weight}, updated_at = now()
     where id = ${input.id}`);
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
    await tx.execute(sql`
      update drivers set status = ${driverStatus}, updated_at = now(), ${nextVersionSql(actor)}
       where id = ${shipment.driver_id}`);
  }
  if (DRIVER_RELEASED_BY.includes(input.action)) {
    await tx.execute(sql`
      update drivers set status = 'AVAILABLE', updated_at = now(), ${nextVersionSql(actor)}
       where id = ${shipment.driver_id} and status = any(${sql.param([...DRIVER_STATUSES_HELD_BY_SHIPMENT])}::text[])`);
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
