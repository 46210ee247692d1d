import type { MilkVehicle } from '@mandira/contract/milk';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { milkVehicles } from '../../db/schema.ts';

/** The stored fields of a milk vehicle, as its form writes them. */
export type MilkVehicleValues = Omit<typeof milkVehicles.$inferInsert, 'id'>;

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

export async function selectMilkVehicles(db: Db): Promise<MilkVehicle[]> {
  return db.select(columns).from(milkVehicles).orderBy(asc(milkVehicles.licencePlateCode));
}

export async function findMilkVehicle(db: Db | Tx, id: number): Promise<MilkVehicle | undefined> {
  return (await db.select(columns).from(milkVehicles).where(eq(milkVehicles.id, id)))[0];
}

export async function insertMilkVehicle(tx: Tx, fields: MilkVehicleValues): Promise<number> {
  const [created] = await tx.insert(milkVehicles).values(fields).returning({ id: milkVehicles.id });
  return created!.id;
}

/** Writes the vehicle's fields; false when its row is gone. */
export async function writeMilkVehicle(tx: Tx, id: number, fields: MilkVehicleValues): Promise<boolean> {
  const updated = await tx
    .update(milkVehicles)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(milkVehicles.id, id))
    .returning({ id: milkVehicles.id });
  return updated.length > 0;
}
