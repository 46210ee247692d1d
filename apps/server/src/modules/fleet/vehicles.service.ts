import {
  type CreateVehicleBody,
  type UpdateVehicleBody,
  VEHICLE_STATUS_LABELS,
  type Vehicle,
  vehicleDescription,
} from '@mandira/contract/fleet';
import { enumDescription } from '@mandira/contract/state-machine';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { vehicleRecordsOf } from '../vehicles-and-drivers/plates.ts';
import {
  findAvailableVehicleRows,
  findDriverIds,
  findVehicleRow,
  findVehicleRows,
  insertVehicle,
  replaceVehicleDrivers,
  type VehicleRow,
  writeVehicle,
} from './vehicles.repo.ts';

type CreateInput = z.output<typeof CreateVehicleBody>;
type UpdateInput = z.output<typeof UpdateVehicleBody>;

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

export async function listVehicles(db: Db | Tx): Promise<Vehicle[]> {
  return (await findVehicleRows(db)).map(toVehicle);
}

/** Vehicles AVAILABLE and on no open shipment, for a new shipment (docs/domain/loading-and-shipments.md). */
export async function listAvailableVehicles(db: Db | Tx): Promise<Vehicle[]> {
  return (await findAvailableVehicleRows(db)).map(toVehicle);
}

const VEHICLES = vehicleRecordsOf<Vehicle>(
  {
    table: 'vehicles',
    entityType: 'VEHICLE',
    notFound: 'Araç bulunamadı.',
    read: async (db, id) => {
      const row = await findVehicleRow(db, id);
      return row && toVehicle(row);
    },
  },
  (plate) => new AppError('DUPLICATE', `'${plate}' plakalı bir araç zaten kayıtlı.`, 'licencePlateCode'),
);

export function getVehicle(db: Db | Tx, id: number): Promise<Vehicle> {
  return VEHICLES.get(db, id);
}

/** `POST /shipments/vehicle`. */
export function createVehicle(tx: Tx, actor: Actor, input: CreateInput): Promise<Vehicle> {
  return VEHICLES.create(tx, actor, input.licencePlateCode, async () => {
    const id = await insertVehicle(tx, input);
    if (input.driverIds) await assignDrivers(tx, id, input.driverIds);
    return id;
  });
}

/** `PUT /shipments/vehicle`. */
export function updateVehicle(tx: Tx, actor: Actor, input: UpdateInput): Promise<Vehicle> {
  return VEHICLES.update(tx, actor, input, async () => {
    if (!(await writeVehicle(tx, input))) return false;
    if (input.driverIds) await assignDrivers(tx, input.id, input.driverIds);
    return true;
  });
}

/** The vehicle's drivers become exactly these. */
async function assignDrivers(tx: Tx, vehicleId: number, driverIds: readonly number[]): Promise<void> {
  const wanted = [...new Set(driverIds)];
  if (wanted.length > 0) {
    const found = await findDriverIds(tx, wanted);
    const missing = wanted.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) {
      throw new AppError('NOT_FOUND', `Sürücü bulunamadı: ${missing.join(', ')}.`, 'driverIds');
    }
  }
  await replaceVehicleDrivers(tx, vehicleId, wanted);
}
