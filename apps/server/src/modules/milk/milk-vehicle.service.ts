import type { CreateMilkVehicleBody, MilkVehicle, UpdateMilkVehicleBody } from '@mandira/contract/milk';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { milkVehicles } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { duplicate, isUniqueViolation, notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';

type CreateInput = z.output<typeof CreateMilkVehicleBody>;
type UpdateInput = z.output<typeof UpdateMilkVehicleBody>;

const NOT_FOUND = 'Süt aracı bulunamadı.';

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

export async function getMilkVehicle(db: Db | Tx, id: number): Promise<MilkVehicle> {
  const [vehicle] = await db.select(columns).from(milkVehicles).where(eq(milkVehicles.id, id));
  if (!vehicle) throw notFound(NOT_FOUND);
  return vehicle;
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

export async function createMilkVehicle(tx: Tx, actor: Actor, input: CreateInput): Promise<MilkVehicle> {
  return withPlateCheck(input.licencePlateCode, async () => {
    await refuseTakenPlate(tx, input.licencePlateCode);
    const [created] = await tx.insert(milkVehicles).values(fieldsOf(input)).returning(columns);
    await stampCreated(tx, 'milk_vehicles', created!.id, actor);
    await recordChange(tx, actor, {
      action: 'CREATE',
      entityType: 'MILK_VEHICLE',
      entityId: created!.id,
      after: created,
    });
    return created!;
  });
}

export async function updateMilkVehicle(tx: Tx, actor: Actor, input: UpdateInput): Promise<MilkVehicle> {
  return withPlateCheck(input.licencePlateCode, async () => {
    await takeNextVersion(tx, 'milk_vehicles', input.id, actor, input.version);
    await refuseTakenPlate(tx, input.licencePlateCode, input.id);
    const before = await getMilkVehicle(tx, input.id);
    const [updated] = await tx
      .update(milkVehicles)
      .set({ ...fieldsOf(input), updatedAt: new Date() })
      .where(eq(milkVehicles.id, input.id))
      .returning(columns);
    if (!updated) throw notFound(NOT_FOUND);
    await recordChange(tx, actor, {
      action: 'UPDATE',
      entityType: 'MILK_VEHICLE',
      entityId: input.id,
      before,
      after: updated,
    });
    return updated;
  });
}

const plateTaken = (plate: string) => duplicate(`'${plate}' plakalı bir süt aracı zaten kayıtlı.`);

/** A readable 409 before the insert; the unique index still decides when two requests race. */
async function refuseTakenPlate(tx: Tx, plate: string, exceptId?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: milkVehicles.id })
    .from(milkVehicles)
    .where(sql`replace(${milkVehicles.licencePlateCode}, ' ', '') = ${plate.replaceAll(' ', '')}`);
  if (taken && taken.id !== exceptId) throw plateTaken(plate);
}

async function withPlateCheck<T>(plate: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw plateTaken(plate);
    throw error;
  }
}
