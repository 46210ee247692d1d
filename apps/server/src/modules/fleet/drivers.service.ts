import {
  type CreateDriverBody,
  DRIVER_STATUS_LABELS,
  type Driver,
  type UpdateDriverBody,
} from '@mandira/contract/fleet';
import { enumDescription } from '@mandira/contract/state-machine';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import type { Actor } from '../../http/auth.ts';
import { recordsOf } from '../vehicles-and-drivers/record-writes.ts';
import { type DriverRow, findDriverRow, findDriverRows, insertDriver, writeDriver } from './drivers.repo.ts';

type CreateInput = z.output<typeof CreateDriverBody>;
type UpdateInput = z.output<typeof UpdateDriverBody>;

function toDriver(row: DriverRow): Driver {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    surname: row.surname,
    fullName: `${row.name} ${row.surname}`,
    gender: row.gender,
    dateOfBirth: row.date_of_birth,
    phone: row.phone,
    tckn: row.tckn,
    licenceNumber: row.licence_number,
    status: row.status,
    statusDetail: enumDescription(DRIVER_STATUS_LABELS, row.status),
    openShipmentId: row.open_shipment_id,
    openShipmentCode: row.open_shipment_code,
  };
}

export async function listDrivers(db: Db | Tx): Promise<Driver[]> {
  return (await findDriverRows(db)).map(toDriver);
}

const DRIVERS = recordsOf<Driver>({
  table: 'drivers',
  entityType: 'DRIVER',
  notFound: 'Sürücü bulunamadı.',
  read: async (db, id) => {
    const row = await findDriverRow(db, id);
    return row && toDriver(row);
  },
});

export function getDriver(db: Db | Tx, id: number): Promise<Driver> {
  return DRIVERS.get(db, id);
}

/** `POST /shipments/vehicleDrivers`. */
export function createDriver(tx: Tx, actor: Actor, input: CreateInput): Promise<Driver> {
  return DRIVERS.create(tx, actor, () => insertDriver(tx, input));
}

/**
 * `PUT /shipments/vehicleDrivers`. Any status may be chosen by hand; shipments set it too,
 * and a driver on vacation is not put on a new shipment.
 */
export function updateDriver(tx: Tx, actor: Actor, input: UpdateInput): Promise<Driver> {
  return DRIVERS.update(tx, actor, input, { write: () => writeDriver(tx, input) });
}
