import {
  type CreateMilkDriverBody,
  isMilkDriverNameBlank,
  MILK_DRIVER_NAME_REQUIRED,
  type MilkDriver,
  type UpdateMilkDriverBody,
} from '@mandira/contract/milk';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { milkVehicleDrivers } from '../../db/schema.ts';
import type { Actor } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { recordsOf } from '../vehicles-and-drivers/record-writes.ts';

type CreateInput = z.output<typeof CreateMilkDriverBody>;
type UpdateInput = z.output<typeof UpdateMilkDriverBody>;

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

export async function listMilkDrivers(db: Db): Promise<MilkDriver[]> {
  return db
    .select(columns)
    .from(milkVehicleDrivers)
    .orderBy(asc(milkVehicleDrivers.name), asc(milkVehicleDrivers.surname), asc(milkVehicleDrivers.id));
}

const MILK_DRIVERS = recordsOf<MilkDriver>({
  table: 'milk_vehicle_drivers',
  entityType: 'MILK_DRIVER',
  notFound: 'Süt aracı şoförü bulunamadı.',
  read: async (db, id) =>
    (await db.select(columns).from(milkVehicleDrivers).where(eq(milkVehicleDrivers.id, id)))[0],
});

export function getMilkDriver(db: Db | Tx, id: number): Promise<MilkDriver> {
  return MILK_DRIVERS.get(db, id);
}

function fieldsOf(input: CreateInput) {
  // One message for either part missing (docs/domain/milk.md), so the check is not per field.
  if (isMilkDriverNameBlank(input)) throw badRequest(MILK_DRIVER_NAME_REQUIRED);
  return {
    name: input.name,
    surname: input.surname,
    gender: input.gender,
    dateOfBirth: input.dateOfBirth,
    phone: input.phone,
    tckn: input.tckn,
  };
}

export async function createMilkDriver(tx: Tx, actor: Actor, input: CreateInput): Promise<MilkDriver> {
  const fields = fieldsOf(input);
  return MILK_DRIVERS.create(tx, actor, async () => {
    const [created] = await tx
      .insert(milkVehicleDrivers)
      .values(fields)
      .returning({ id: milkVehicleDrivers.id });
    return created!.id;
  });
}

export async function updateMilkDriver(tx: Tx, actor: Actor, input: UpdateInput): Promise<MilkDriver> {
  const fields = fieldsOf(input);
  return MILK_DRIVERS.update(tx, actor, input, {
    write: async () => {
      const updated = await tx
        .update(milkVehicleDrivers)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(milkVehicleDrivers.id, input.id))
        .returning({ id: milkVehicleDrivers.id });
      return updated.length > 0;
    },
  });
}
