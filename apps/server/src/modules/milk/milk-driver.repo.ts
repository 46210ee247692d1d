import type { MilkDriver } from '@mandira/contract/milk';
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { milkVehicleDrivers } from '../../db/schema.ts';

/** The stored fields of a milk driver, as its form writes them. */
export type MilkDriverValues = Omit<typeof milkVehicleDrivers.$inferInsert, 'id'>;

const columns = {
  id: milkVehicleDrivers.id,
  name: milkVehicleDrivers.name,
  surname: milkVehicleDrivers.surname,
  gender: milkVehicleDrivers.gender,
  dateOfBirth: milkVehicleDrivers.dateOfBirth,
  phone: milkVehicleDrivers.phone,
  tckn: milkVehicleDrivers.tckn,
  version: milkVehicleDrivers.version,
};

export async function selectMilkDrivers(db: Db): Promise<MilkDriver[]> {
  return db
    .select(columns)
    .from(milkVehicleDrivers)
    .orderBy(asc(milkVehicleDrivers.name), asc(milkVehicleDrivers.surname), asc(milkVehicleDrivers.id));
}

export async function findMilkDriver(db: Db | Tx, id: number): Promise<MilkDriver | undefined> {
  return (await db.select(columns).from(milkVehicleDrivers).where(eq(milkVehicleDrivers.id, id)))[0];
}

export async function insertMilkDriver(tx: Tx, fields: MilkDriverValues): Promise<number> {
  const [created] = await tx
    .insert(milkVehicleDrivers)
    .values(fields)
    .returning({ id: milkVehicleDrivers.id });
  return created!.id;
}

/** Writes the driver's fields; false when its row is gone. */
export async function writeMilkDriver(tx: Tx, id: number, fields: MilkDriverValues): Promise<boolean> {
  const updated = await tx
    .update(milkVehicleDrivers)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(milkVehicleDrivers.id, id))
    .returning({ id: milkVehicleDrivers.id });
  return updated.length > 0;
}
