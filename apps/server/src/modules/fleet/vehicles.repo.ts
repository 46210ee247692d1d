import type { CreateVehicleBody, UpdateVehicleBody, VehicleSettableStatus } from '@mandira/contract/fleet';
import { FINISHED_ORDER_STATUSES } from '@mandira/contract/order-machines';
import { CLOSED_SHIPMENT_STATUSES } from '@mandira/contract/shipment-machine';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { statusNotIn } from '../../db/status-sql.ts';

type CreateInput = z.output<typeof CreateVehicleBody>;
type UpdateInput = z.output<typeof UpdateVehicleBody>;

export type VehicleRow = {
  id: number;
  licence_plate_code: string;
  brand: string;
  model: string;
  production_year: number;
  year_of_purchase: number;
  capacity_in_tons: number;
  pallet_capacity: number;
  fuel_consumption_empty: number;
  fuel_consumption_half_full: number;
  fuel_consumption_full: number;
  status: VehicleSettableStatus;
  drivers: string;
  driver_ids: number[];
  planned_palette_count: number;
  open_shipment_id: number | null;
  open_shipment_code: string | null;
  version: number;
};

/** Orders still to be carried: their planned palettes count against the vehicle. */
const OPEN_ORDER = statusNotIn('o.status', FINISHED_ORDER_STATUSES);

function vehicleRows(db: Db | Tx, where: SQL): Promise<VehicleRow[]> {
  return rowsOf<VehicleRow>(
    db,
    sql`select v.id, v.licence_plate_code, v.brand, v.model, v.production_year, v.year_of_purchase,
               v.capacity_in_tons::float8 as capacity_in_tons, v.pallet_capacity,
               v.fuel_consumption_empty::float8 as fuel_consumption_empty,
               v.fuel_consumption_half_full::float8 as fuel_consumption_half_full,
               v.fuel_consumption_full::float8 as fuel_consumption_full, v.status,
               coalesce((select string_agg(d.name || ' ' || d.surname, ', ' order by d.name, d.surname, d.id)
                           from vehicle_drivers vd join drivers d on d.id = vd.driver_id
                          where vd.vehicle_id = v.id), '') as drivers,
               coalesce((select array_agg(vd.driver_id order by vd.driver_id)
                           from vehicle_drivers vd where vd.vehicle_id = v.id), '{}') as driver_ids,
               coalesce((select sum(o.estimated_palette_count)::float8 from orders o
                          where ${OPEN_ORDER}
                            and (o.planned_vehicle_id = v.id
                                 or exists (select 1 from order_items oi
                                             where oi.order_id = o.id and oi.planned_vehicle_id = v.id))), 0)
                 as planned_palette_count,
               s.id as open_shipment_id, s.code as open_shipment_code, v.version
          from vehicles v
          left join shipments s on s.vehicle_id = v.id and ${statusNotIn('s.status', CLOSED_SHIPMENT_STATUSES)}
         where ${where}
         order by v.licence_plate_code, v.id`,
  );
}

/** Every vehicle, with its drivers, its planned palettes and its open shipment. */
export const findVehicleRows = (db: Db | Tx) => vehicleRows(db, sql`true`);

/** The vehicles AVAILABLE and on no open shipment. */
export const findAvailableVehicleRows = (db: Db | Tx) =>
  vehicleRows(db, sql`v.status = 'AVAILABLE' and s.id is null`);

export const findVehicleRow = async (db: Db | Tx, id: number) =>
  (await vehicleRows(db, sql`v.id = ${id}`))[0];

function fieldsOf(input: CreateInput) {
  return sql`${input.licencePlateCode}, ${input.brand}, ${input.model}, ${input.productionYear},
    ${input.yearOfPurchase}, ${input.capacityInTons}, ${input.palletCapacity}, ${input.fuelConsumptionEmpty},
    ${input.fuelConsumptionHalfFull}, ${input.fuelConsumptionFull}, ${input.status}`;
}

export async function insertVehicle(tx: Tx, input: CreateInput): Promise<number> {
  const [created] = await rowsOf<{ id: number }>(
    tx,
    sql`insert into vehicles (licence_plate_code, brand, model, production_year, year_of_purchase,
            capacity_in_tons, pallet_capacity, fuel_consumption_empty, fuel_consumption_half_full,
            fuel_consumption_full, status)
          values (${fieldsOf(input)}) returning id`,
  );
  return created!.id;
}

/** Writes the vehicle's fields; false when its row is gone. */
export async function writeVehicle(tx: Tx, input: UpdateInput): Promise<boolean> {
  const updated = await rowsOf<{ id: number }>(
    tx,
    sql`update vehicles
             set (licence_plate_code, brand, model, production_year, year_of_purchase, capacity_in_tons,
                  pallet_capacity, fuel_consumption_empty, fuel_consumption_half_full, fuel_consumption_full,
                  status) = (${fieldsOf(input)}),
                 updated_at = now()
           where id = ${input.id} returning id`,
  );
  return updated.length > 0;
}

/** Which of the drivers exist. */
export function findDriverIds(tx: Tx, ids: readonly number[]): Promise<{ id: number }[]> {
  return rowsOf<{ id: number }>(tx, sql`select id from drivers where id = any(${sql.param(ids)}::int[])`);
}

/** The vehicle's drivers become exactly these. */
export async function replaceVehicleDrivers(tx: Tx, vehicleId: number, driverIds: readonly number[]) {
  await tx.execute(sql`delete from vehicle_drivers where vehicle_id = ${vehicleId}`);
  if (driverIds.length > 0) {
    await tx.execute(sql`
      insert into vehicle_drivers (vehicle_id, driver_id)
      select ${vehicleId}, unnest(${sql.param(driverIds)}::int[])`);
  }
}
