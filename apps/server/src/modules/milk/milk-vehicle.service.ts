import type { CreateMilkVehicleBody, MilkVehicle, UpdateMilkVehicleBody } from '@mandira/contract/milk';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { milkVehicles } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { duplicate } from '../../http/errors.ts';
import { vehicleRecordsOf } from '../vehicles-and-drivers/plates.ts';

type CreateInput = z.output<typeof CreateMilkVehicleBody>;
type UpdateInput = z.output<typeof UpdateMilkVehicleBody>;

const columns = {
  id: milkVehicles.id,
  licencePlateCode: milkVehicles.licencePlateCode,
  brand: milkVehicles.brand,
  model: milkVehicles.model,
  productionYear: milkVehicles.productionYear,
  yearOfPurchase: milkVehicles.yearOfPurchase,
  tankerCount: milkVehicles.tankerCount,
  tankerVolumePerUnit: milkVehicles.tankerVolumePerUnit,
  totalVolume: milkVehicles.totalVolume,
  version: milkVehicles.version,
};

export async function listMilkVehicles(db: Db): Promise<MilkVehicle[]> {
  return db.select(columns).from(milkVehicles).orderBy(asc(milkVehicles.licencePlateCode));
}

const MILK_VEHICLES = vehicleRecordsOf<MilkVehicle>(
  {
    table: 'milk_vehicles',
    entityType: 'MILK_VEHICLE',
    notFound: 'Süt aracı bulunamadı.',
    read: async (db, id) => (await db.select(columns).from(milkVehicles).where(eq(milkVehicles.id, id)))[0],
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
  return MILK_VEHICLES.create(tx, actor, input.licencePlateCode, async () => {
    const [created] = await tx
      .insert(milkVehicles)
      .values(fieldsOf(input))
      .returning({ id: milkVehicles.id });
    return created!.id;
  });
}

export function updateMilkVehicle(tx: Tx, actor: Actor, input: UpdateInput): Promise<MilkVehicle> {
  return MILK_VEHICLES.update(tx, actor, input, async () => {
    const updated = await tx
      .update(milkVehicles)
      .set({ ...fieldsOf(input), updatedAt: new Date() })
      .where(eq(milkVehicles.id, input.id))
      .returning({ id: milkVehicles.id });
    return updated.length > 0;
  });
}
