import {
  type CreateVehicleBody,
  type UpdateVehicleBody,
  VEHICLE_STATUS_LABELS,
  type Vehicle,
  type VehicleSettableStatus,
  vehicleDescription,
} from '@mandira/contract/fleet';
import { FINISHED_ORDER_STATUSES } from '@mandira/contract/order-machines';
import { CLOSED_SHIPMENT_STATUSES } from '@mandira/contract/shipment-machine';
import { enumDescription } from '@mandira/contract/state-machine';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf, type Tx } from '../../db/client.ts';
import { statusNotIn } from '../../db/status-sql.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { vehicleRecordsOf } from '../vehicles-and-drivers/plates.ts';

type CreateInput = z.output<typeof CreateVehicleBody>;
type UpdateInput = z.output<typeof UpdateVehicleBody>;

type VehicleRow = {
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

async function findVehicles(db: Db | Tx, where: SQL): Promise<Vehicle[]> {
  const rows = await rowsOf<VehicleRow>(
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
  return rows.map(toVehicle);
}

function toVehicle(row: VehicleRow): Vehicle {
  const shown = row.open_shipment_id === null ? row.status : 'ON_SHIPMENT';
  const vehicle = {
    licencePlateCode: row.licence_plate_code,
    brand: row.brand,
    model: row.model,
  };
  return {
    id: row.id,
    version: row.version,
    ...vehicle,
    description: vehicleDescription(vehicle),
    productionYear: row.production_year,
    yearOfPurchase: row.year_of_purchase,
    capacityInTons: Number(row.capacity_in_tons),
    palletCapacity: row.pallet_capacity,
    plannedPaletteCount: row.planned_palette_count,
    fuelConsumptionEmpty: Number(row.fuel_consumption_empty),
    fuelConsumptionHalfFull: Number(row.fuel_consumption_half_full),
    fuelConsumptionFull: Number(row.fuel_consumption_full),
    status: row.status,
    statusDetail: enumDescription(VEHICLE_STATUS_LABELS, shown),
    drivers: row.drivers,
    driverIds: (row.driver_ids ?? []).map(Number),
    openShipmentId: row.open_shipment_id,
    openShipmentCode: row.open_shipment_code,
  };
}

export function listVehicles(db: Db | Tx): Promise<Vehicle[]> {
  return findVehicles(db, sql`true`);
}

/** Vehicles AVAILABLE and on no open shipment, for a new shipment (docs/domain/loading-and-shipments.md). */
export function listAvailableVehicles(db: Db | Tx): Promise<Vehicle[]> {
  return findVehicles(db, sql`v.status = 'AVAILABLE' and s.id is null`);
}

const VEHICLES = vehicleRecordsOf<Vehicle>(
  {
    table: 'vehicles',
    entityType: 'VEHICLE',
    notFound: 'Araç bulunamadı.',
    read: async (db, id) => (await findVehicles(db, sql`v.id = ${id}`))[0],
  },
  (plate) => new AppError('DUPLICATE', `'${plate}' plakalı bir araç zaten kayıtlı.`, 'licencePlateCode'),
);

export function getVehicle(db: Db | Tx, id: number): Promise<Vehicle> {
  return VEHICLES.get(db, id);
}

function fieldsOf(input: CreateInput) {
  return sql`${input.licencePlateCode}, ${input.brand}, ${input.model}, ${input.productionYear},
    ${input.yearOfPurchase}, ${input.capacityInTons}, ${input.palletCapacity}, ${input.fuelConsumptionEmpty},
    ${input.fuelConsumptionHalfFull}, ${input.fuelConsumptionFull}, ${input.status}`;
}

/** `POST /shipments/vehicle`. */
export function createVehicle(tx: Tx, actor: Actor, input: CreateInput): Promise<Vehicle> {
  return VEHICLES.create(tx, actor, input.licencePlateCode, async () => {
    const [created] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into vehicles (licence_plate_code, brand, model, production_year, year_of_purchase,
            capacity_in_tons, pallet_capacity, fuel_consumption_empty, fuel_consumption_half_full,
            fuel_consumption_full, status)
          values (${fieldsOf(input)}) returning id`,
    );
    if (input.driverIds) await assignDrivers(tx, created!.id, input.driverIds);
    return created!.id;
  });
}

/** `PUT /shipments/vehicle`. */
export function updateVehicle(tx: Tx, actor: Actor, input: UpdateInput): Promise<Vehicle> {
  return VEHICLES.update(tx, actor, input, async () => {
    const updated = await rowsOf<{ id: number }>(
      tx,
      sql`update vehicles
             set (licence_plate_code, brand, model, production_year, year_of_purchase, capacity_in_tons,
                  pallet_capacity, fuel_consumption_empty, fuel_consumption_half_full, fuel_consumption_full,
                  status) = (${fieldsOf(input)}),
                 updated_at = now()
           where id = ${input.id} returning id`,
    );
    if (updated.length === 0) return false;
    if (input.driverIds) await assignDrivers(tx, input.id, input.driverIds);
    return true;
  });
}

/** The vehicle's drivers become exactly these. */
async function assignDrivers(tx: Tx, vehicleId: number, driverIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(driverIds)];
  if (wanted.length > 0) {
    const found = await rowsOf<{ id: number }>(
      tx,
      sql`select id from drivers where id = any(${sql.param(wanted)}::int[])`,
    );
    const missing = wanted.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) {
      throw new AppError('NOT_FOUND', `Sürücü bulunamadı: ${missing.join(', ')}.`, 'driverIds');
    }
  }
  await tx.execute(sql`delete from vehicle_drivers where vehicle_id = ${vehicleId}`);
  if (wanted.length > 0) {
    await tx.execute(sql`
      insert into vehicle_drivers (vehicle_id, driver_id)
      select ${vehicleId}, unnest(${sql.param(wanted)}::int[])`);
  }
}
