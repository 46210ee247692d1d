import type { CreateMilkVehicleBody, MilkVehicle, UpdateMilkVehicleBody } from '@mandira/contract/milk';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { duplicate } from '../../http/errors.ts';
import { vehicleRecordsOf } from '../vehicles-and-drivers/plates.ts';
import {
  findMilkVehicle,
  insertMilkVehicle,
  selectMilkVehicles,
  writeMilkVehicle,
} from './milk-vehicle.repo.ts';

type CreateInput = z.output<typeof CreateMilkVehicleBody>;
type UpdateInput = z.output<typeof UpdateMilkVehicleBody>;

export function listMilkVehicles(db: Db): Promise<MilkVehicle[]> {
  return selectMilkVehicles(db);
}

const MILK_VEHICLES = vehicleRecordsOf<MilkVehicle>(
  {
    table: 'milk_vehicles',
    entityType: 'MILK_VEHICLE',
    notFound: 'Süt aracı bulunamadı.',
    read: findMilkVehicle,
  },
  (plate) => duplicate(`'${plate}' plakalı bir süt aracı zaten kayıtlı.`),
);

export function getMilkVehicle(db: Db | Tx, id: number): Promise<MilkVehicle> {
  return MILK_VEHICLES.get(db, id);
}

/** The stored fields of a vehicle; totalVolume is not among them, the database computes it. */
function fieldsOf(input: CreateInput) {
  return {
    licencePlateCode: input.licencePlateCode,
    brand: input.brand,
    model: input.model,
    productionYear: input.productionYear,
    yearOfPurchase: input.yearOfPurchase,
    tankerCount: input.tankerCount,
    tankerVolumePerUnit: input.tankerVolumePerUnit,
  };
}

export function createMilkVehicle(tx: Tx, actor: Actor, input: CreateInput): Promise<MilkVehicle> {
  return MILK_VEHICLES.create(tx, actor, input.licencePlateCode, () =>
    insertMilkVehicle(tx, fieldsOf(input)),
  );
}

export function updateMilkVehicle(tx: Tx, actor: Actor, input: UpdateInput): Promise<MilkVehicle> {
  return MILK_VEHICLES.update(tx, actor, input, () => writeMilkVehicle(tx, input.id, fieldsOf(input)));
}
