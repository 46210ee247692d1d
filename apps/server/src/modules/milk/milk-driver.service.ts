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
import { badRequest, notFound } from '../../http/errors.ts';
import { stampCreated, takeNextVersion } from '../../http/record-version.ts';
import { recordChange } from '../audit/record-change.ts';

type CreateInput = z.output<typeof CreateMilkDriverBody>;
type UpdateInput = z.output<typeof UpdateMilkDriverBody>;

const NOT_FOUND = 'Süt aracı şoförü bulunamadı.';

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

export async function getMilkDriver(db: Db | Tx, id: number): Promise<MilkDriver> {
  const [driver] = await db.select(columns).from(milkVehicleDrivers).where(eq(milkVehicleDrivers.id, id));
  if (!driver) throw notFound(NOT_FOUND);
  return driver;
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
  const [created] = await tx.insert(milkVehicleDrivers).values(fields).returning(columns);
  await stampCreated(tx, 'milk_vehicle_drivers', created!.id, actor);
  await recordChange(tx, actor, {
    action: 'CREATE',
    entityType: 'MILK_DRIVER',
    entityId: created!.id,
    after: created,
  });
  return created!;
}

export async function updateMilkDriver(tx: Tx, actor: Actor, input: UpdateInput): Promise<MilkDriver> {
  const fields = fieldsOf(input);
  await takeNextVersion(tx, 'milk_vehicle_drivers', input.id, actor, input.version);
  const before = await getMilkDriver(tx, input.id);
  const [updated] = await tx
    .update(milkVehicleDrivers)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(milkVehicleDrivers.id, input.id))
    .returning(columns);
  if (!updated) throw notFound(NOT_FOUND);
  await recordChange(tx, actor, {
    action: 'UPDATE',
    entityType: 'MILK_DRIVER',
    entityId: input.id,
    before,
    after: updated,
  });
  return updated;
}
