import type { DriverStatus } from '@mandira/contract/fleet';
import type { ShipmentStatus } from '@mandira/contract/shipment-machine';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { nextVersionSql } from '../../http/record-version.ts';
import type { contextOf } from './shipment.repo.ts';

export type LockedRow = { id: number; status: ShipmentStatus; driver_id: number; code: string };

/** Locks shipments by id order, so two transfers between the same pair cannot deadlock. */
export async function lockShipments(tx: Tx, ids: number[]): Promise<LockedRow[]> {
  return rowsOf<LockedRow>(
    tx,
    sql`select id, status, driver_id, code from shipments
         where id = any(${sql.param(ids)}::int[]) order by id for update`,
  );
}

/** The facts of the shipment's load records and vehicle that its machine asks about. */
export async function shipmentFigures(tx: Tx, id: number) {
  const [figures] = await rowsOf<Parameters<typeof contextOf>[0]>(
    tx,
    sql`select s.load_count, s.loads_all_accepted as all_accepted,
               s.expected_weight_in_tons::float8 as expected_tons,
               s.expected_weight_complete as weight_complete,
               s.loaded_weight_in_tons::float8 as loaded_weight_in_tons,
               v.capacity_in_tons::float8 as capacity_in_tons
          from shipments s join vehicles v on v.id = s.vehicle_id
         where s.id = ${id}`,
  );
  return figures!;
}

/** What a status change does to the weighed figure: sets it, keeps it, or clears it. */
export type WeightWrite = { set: number | null | undefined } | 'kept' | 'cleared';

export async function writeShipmentStatus(
  tx: Tx,
  id: number,
  status: ShipmentStatus,
  weightWrite: WeightWrite,
): Promise<void> {
  const weight =
    weightWrite === 'kept'
      ? sql`loaded_weight_in_tons`
      : weightWrite === 'cleared'
        ? sql`null`
        : sql`${weightWrite.set}`;
  await tx.execute(sql`
    update shipments set status = ${status}, loaded_weight_in_tons = ${weight}, updated_at = now()
     where id = ${id}`);
}

export async function writeDriverStatus(tx: Tx, actor: Actor, driverId: number, status: DriverStatus) {
  await tx.execute(sql`
      update drivers set status = ${status}, updated_at = now(), ${nextVersionSql(actor)}
       where id = ${driverId}`);
}

/** The driver becomes AVAILABLE, when its status is one of `heldStatuses`. */
export async function releaseDriver(
  tx: Tx,
  actor: Actor,
  driverId: number,
  heldStatuses: readonly DriverStatus[],
): Promise<void> {
  await tx.execute(sql`
      update drivers set status = 'AVAILABLE', updated_at = now(), ${nextVersionSql(actor)}
       where id = ${driverId} and status = any(${sql.param([...heldStatuses])}::text[])`);
}
