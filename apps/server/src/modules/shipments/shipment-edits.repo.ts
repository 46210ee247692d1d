import type { DriverStatus, VEHICLE_STATUS_LABELS } from '@mandira/contract/fleet';
import { CLOSED_SHIPMENT_STATUSES, type ShipmentStatus } from '@mandira/contract/shipment-machine';
import type { CreateShipmentBody, UpdateShipmentBody } from '@mandira/contract/shipments';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { statusNotIn } from '../../db/status-sql.ts';
import type { RouteFigures } from '../routing/routing.ts';

type CreateInput = z.output<typeof CreateShipmentBody> & { route: RouteFigures };
type UpdateInput = z.output<typeof UpdateShipmentBody> & { route: RouteFigures };
type Point = { latitude: number | null; longitude: number | null };

/** The coordinates of a stock warehouse, when it exists. */
export async function warehousePoint(db: Db, id: number): Promise<Point | undefined> {
  const [from] = await rowsOf<Point>(db, sql`select latitude, longitude from warehouses where id = ${id}`);
  return from;
}

/** The coordinates of the buyer warehouses that exist among the ids. */
export function buyerWarehousePoints(db: Db, ids: number[]) {
  return rowsOf<{ id: number } & Point>(
    db,
    sql`select id, latitude::float8 as latitude, longitude::float8 as longitude
          from buyer_warehouses where id = any(${sql.param(ids)}::int[])`,
  );
}

export async function findWarehouseId(tx: Tx, id: number): Promise<{ id: number } | undefined> {
  const [from] = await rowsOf<{ id: number }>(tx, sql`select id from warehouses where id = ${id}`);
  return from;
}

/** The buyer warehouses that exist among the ids. */
export function findBuyerWarehouseIds(tx: Tx, ids: number[]) {
  return rowsOf<{ id: number }>(
    tx,
    sql`select id from buyer_warehouses where id = any(${sql.param(ids)}::int[])`,
  );
}

/** The open shipment (other than `exceptId`) that holds the vehicle or driver. */
export async function openShipmentOf(
  tx: Tx,
  column: 'vehicle_id' | 'driver_id',
  id: number,
  exceptId?: number,
) {
  const [held] = await rowsOf<{ code: string }>(
    tx,
    sql`select code from shipments
         where ${sql.raw(column)} = ${id} and ${statusNotIn('status', CLOSED_SHIPMENT_STATUSES)} and id <> ${exceptId ?? 0}`,
  );
  return held as { code: string } | undefined;
}

/** Locks the vehicle's row: its plate and status, when it exists. */
export async function lockVehicle(tx: Tx, vehicleId: number) {
  const [vehicle] = await rowsOf<{ plate: string; status: keyof typeof VEHICLE_STATUS_LABELS }>(
    tx,
    sql`select licence_plate_code as plate, status from vehicles where id = ${vehicleId} for update`,
  );
  return vehicle;
}

/** Locks the driver's row: the full name and status, when it exists. */
export async function lockDriver(tx: Tx, driverId: number) {
  const [driver] = await rowsOf<{ name: string; status: DriverStatus }>(
    tx,
    sql`select name || ' ' || surname as name, status from drivers where id = ${driverId} for update`,
  );
  return driver;
}

/** Another shipment (not `exceptId`) with the code, if any. */
export async function findShipmentWithCode(tx: Tx, code: string, exceptId?: number) {
  const [taken] = await rowsOf<{ id: number }>(
    tx,
    sql`select id from shipments where code = ${code} and id <> ${exceptId ?? 0}`,
  );
  return taken;
}

const routeValues = (route: RouteFigures) =>
  sql`${route.distanceInMeters}, ${route.durationInSeconds}, ${route.isEstimate},
      ${route.geometry === null ? null : JSON.stringify(route.geometry)}::jsonb`;

/** A new shipment's row, PARKING; its id. */
export async function insertShipment(tx: Tx, input: CreateInput, createdBy: number | null): Promise<number> {
  const [created] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into shipments (code, vehicle_id, driver_id, from_warehouse_id, intermediate_warehouse1_id,
            intermediate_warehouse2_id, to_warehouse_id, description, route_distance_in_meters,
            route_duration_in_seconds, route_is_estimate, route_geometry, created_by)
          values (${input.shipmentCode}, ${input.vehicleId}, ${input.driverId}, ${input.fromWarehouseId},
            ${input.intermediateWarehouse1Id}, ${input.intermediateWarehouse2Id}, ${input.toWarehouseId},
            ${input.description}, ${routeValues(input.route)}, ${createdBy})
          returning id`,
  );
  return created!.id;
}

/** What a shipment's audit entry compares: its editable columns, not its route's geometry. */
export async function auditedFields(tx: Tx, id: number) {
  const [row] = await rowsOf<Record<string, unknown>>(
    tx,
    sql`select code, status, vehicle_id as "vehicleId", driver_id as "driverId",
               from_warehouse_id as "fromWarehouseId", intermediate_warehouse1_id as "intermediateWarehouse1Id",
               intermediate_warehouse2_id as "intermediateWarehouse2Id", to_warehouse_id as "toWarehouseId",
               description, route_distance_in_meters as "routeDistanceInMeters"
          from shipments where id = ${id}`,
  );
  return row;
}

/** Locks the shipment for an edit: its status, vehicle and driver, when it exists. */
export async function lockShipmentForEdit(tx: Tx, id: number) {
  const [current] = await rowsOf<{ status: ShipmentStatus; vehicle_id: number; driver_id: number }>(
    tx,
    sql`select status, vehicle_id, driver_id from shipments where id = ${id} for update`,
  );
  return current;
}

/** Writes the shipment's route, vehicle, driver and description. */
export async function updateShipmentRow(tx: Tx, input: UpdateInput): Promise<void> {
  await tx.execute(sql`
      update shipments
         set code = ${input.shipmentCode}, vehicle_id = ${input.vehicleId}, driver_id = ${input.driverId},
             from_warehouse_id = ${input.fromWarehouseId},
             intermediate_warehouse1_id = ${input.intermediateWarehouse1Id},
             intermediate_warehouse2_id = ${input.intermediateWarehouse2Id},
             to_warehouse_id = ${input.toWarehouseId}, description = ${input.description},
             (route_distance_in_meters, route_duration_in_seconds, route_is_estimate, route_geometry)
               = (${routeValues(input.route)}),
             updated_at = now()
       where id = ${input.id}`);
}
