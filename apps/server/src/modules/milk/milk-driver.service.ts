import {
  type CreateMilkDriverBody,
  isMilkDriverNameBlank,
  MILK_DRIVER_NAME_REQUIRED,
  type MilkDriver,
  type UpdateMilkDriverBody,
} from '@mandira/contract/milk';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { recordsOf } from '../vehicles-and-drivers/record-writes.ts';
import { findMilkDriver, insertMilkDriver, selectMilkDrivers, writeMilkDriver } from './milk-driver.repo.ts';

type CreateInput = z.output<typeof CreateMilkDriverBody>;
type UpdateInput = z.output<typeof UpdateMilkDriverBody>;

export function listMilkDrivers(db: Db): Promise<MilkDriver[]> {
  return selectMilkDrivers(db);
}

const MILK_DRIVERS = recordsOf<MilkDriver>({
  table: 'milk_vehicle_drivers',
  entityType: 'MILK_DRIVER',
  notFound: 'Süt aracı şoförü bulunamadı.',
  read: findMilkDriver,
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
  return MILK_DRIVERS.create(tx, actor, () => insertMilkDriver(tx, fields));
}

export async function updateMilkDriver(tx: Tx, actor: Actor, input: UpdateInput): Promise<MilkDriver> {
  const fields = fieldsOf(input);
  return MILK_DRIVERS.update(tx, actor, input, {
    write: () => writeMilkDriver(tx, input.id, fields),
  });
}
